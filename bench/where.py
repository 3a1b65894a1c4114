#!/usr/bin/env python3
"""Where the CPU goes, by the Go runtime's functions, in GMP Lab's engine beside Go's runtime: reads what
bench/profile.sh wrote (async-profiler's collapsed stacks of GMP Lab's engine threads, perf's stacks of Go's
process) and prints, for each workload, CPU ns per unit of work (per goroutine, per switch, per system call) spent
under each function, at each p, GMP Lab beside Go.

    bench/profile.sh /tmp/where && bench/where.py /tmp/where
    perf script -i go.data | bench/where.py --fold > go.txt     # perf's stacks folded one per line (profile.sh)

A row counts every sample with that function anywhere on its stack (inclusive), so rows nest and overlap; "the
goroutines' own code" is what is left of the program's functions once the runtime's rows are taken out. GMP Lab's
"all" is its engine threads' samples (the Ms, sysmon, the spares; not the JIT's, the collector's or the bench's)
over the units of the profiled runs; Go's is its process's own CPU time over its units (getrusage, printed by each
run), its collector and start included, which its samples share out. See docs/benchmarks.md, round 25.
"""
import glob, os, re, statistics as st, sys

# (row, GMP Lab's frames, Go's frames): a sample counts for a row when any of the frames is on its stack
ROWS = [
    ('the go statement (`newproc`)', ['engine/Machine.newproc;', 'engine/Machine.newproc '],
     ['runtime.newproc;', 'runtime.newproc.func1']),
    ('— `newproc1` (a dead G made new)', ['Machine.newproc1'], ['runtime.newproc1']),
    ('— — `gfget` (a dead G from the free lists)', ['Processor.gfget'], ['runtime.gfget']),
    ('`malg` (a new G\'s stack, or a new M\'s)', [], ['runtime.malg']),
    ('`wakep` (any caller)', ['Sched.wakep'], ['runtime.wakep']),
    ('`findRunnable`', ['FindRunnable.findRunnable'], ['runtime.findRunnable']),
    ('— `globrunqget`', ['globrunqget'], ['runtime.globrunqget']),
    ('— stealing (`runqsteal`)', ['runqsteal'], ['runtime.runqsteal']),
    ('— `stopm` (an M with nothing to do sleeps)', ['Machine.stopm'], ['runtime.stopm']),
    ('a G ends (`goexit0`, `gfput`)', ['Machine.goexit0'], ['runtime.gdestroy']),
    ('`wg.Done`, `wg.Wait`', ['Interpreter.syncOp', 'engine/WaitGroup'], ['sync.(*WaitGroup)']),
    ('channel send and receive', ['engine/Channel.'], ['runtime.chansend', 'runtime.chanrecv']),
    ('`entersyscall`, `exitsyscall`', ['Syscalls.entersyscall', 'Syscalls.exitsyscall'],
     ['runtime.entersyscall', 'runtime.exitsyscall', 'runtime.reentersyscall']),
    ('the system call itself (its 1 ms sleep)', ['LiveTurnstile.syscall'], ['syscall.Syscall', 'syscall.RawSyscall']),
    ('`sysmon`', ['engine/Sysmon.'], ['runtime.sysmon']),
    ('— `retake`', ['Sysmon.retake'], ['runtime.retake']),
    ('the runtime\'s locks (`lock2`: spin, sleep)', ['SchedLock.lock', 'RuntimeMutex.lock'], ['runtime.lock2']),
    ('new Ms\' threads started', ['java/lang/Thread.start'], ['runtime.newm']),
    ('the garbage collector', [], ['runtime.gcBgMarkWorker', 'runtime.gcAssist', 'runtime.bgsweep', 'runtime.bgscavenge',
                                   'runtime.gcStart']),
    ('the goroutines\' own code, the rest', ['Interpreter.run'],
     ['main.main.func', 'main.tree', 'main.main;', 'main.main ']),
    ('in the kernel (the leaf: futex, faults, wake-ups)', None, None),
]
OWN = len(ROWS) - 2   # the goroutines' own code: without the runtime's rows that are not nested in another
GO_COMMS = ('spawn', 'tree', 'pingpong', 'syscall')
INTERVAL_NS = 500_000   # profile.sh's async-profiler interval


def fold(lines):
    """perf script's stacks, leaf first with a blank line between samples, as 'comm;root;...;leaf count'."""
    out, comm, frames = {}, None, []
    def flush():
        if comm is not None:
            k = ';'.join([comm] + frames[::-1])
            out[k] = out.get(k, 0) + 1
    for line in lines:
        if not line.strip():
            flush(); comm, frames = None, []
        elif not line[0].isspace():
            flush(); comm, frames = line.split()[0], []
        else:
            parts = line.strip().split(None, 1)
            if len(parts) < 2:
                continue
            m = re.match(r'(.*?)(\+0x[0-9a-f]+)? \((.*)\)$', parts[1])
            name, dso = (m.group(1), m.group(3)) if m else (parts[1], '')
            frames.append(name + '_[k]' if 'kernel.kallsyms' in dso else name)
    flush()
    return out


def stacks(path, gmplab):
    rows = []
    for line in open(path):
        s, n = line.rstrip('\n').rsplit(' ', 1)
        if gmplab and ('org/gmplab/engine' not in s or 'LiveVsGoBench.main' in s):
            continue   # the engine's threads only (Ms, sysmon, spares), not the bench's own
        if not gmplab and s.split(';', 1)[0] not in GO_COMMS:
            continue   # Go's process, not the shell that ran it
        rows.append((s, int(n)))
    return rows


def shares(rows, gmplab):
    total = sum(n for _, n in rows)
    i = 1 if gmplab else 2
    runtime = [f for r in ROWS[:OWN] if not r[0].startswith('—') for f in r[i]]
    out = []
    for k, row in enumerate(ROWS):
        if row[1] is None:
            n = sum(c for s, c in rows if s.rsplit(';', 1)[-1].endswith('_[k]'))
        elif not row[i]:
            n = None
        elif k == OWN:
            n = sum(c for s, c in rows if any(f in s for f in row[i]) and not any(f in s for f in runtime))
        else:
            n = sum(c for s, c in rows if any(f in s for f in row[i]))
        out.append(None if n is None else n / total)
    return total, out


def go_runs(path):
    runs = [dict(re.findall(r'(\w+)=(\d+)', l)) for l in open(path) if 'elapsed_ns=' in l]
    return [(int(r['cpu_ns']), int(r['units'])) for r in runs]


def main(d):
    keys = sorted({re.match(r'gmplab-(\w+)-(\d+)\.txt', os.path.basename(f)).groups()
                   for f in glob.glob(os.path.join(d, 'gmplab-*-*.txt'))}, key=lambda k: (GO_COMMS.index(k[0]), int(k[1])))
    for w in [w for w in GO_COMMS if any(k[0] == w for k in keys)]:
        cols = []
        for _, p in [k for k in keys if k[0] == w]:
            runs = go_runs(os.path.join(d, 'go-%s-%s.out' % (w, p)))
            units = runs[0][1]
            out = open(os.path.join(d, 'gmplab-%s-%s.out' % (w, p))).read()
            gmplab_runs = len(re.findall(r'^  .+ p=\d+  GMP Lab ', out, re.M))
            total, sh = shares(stacks(os.path.join(d, 'gmplab-%s-%s.txt' % (w, p)), True), True)
            cols.append(('GMP Lab, p = %s' % p, total * INTERVAL_NS / (gmplab_runs * units), sh))
            _, sh = shares(stacks(os.path.join(d, 'go-%s-%s.txt' % (w, p)), False), False)
            cols.append(('Go, p = %s' % p, st.median(c / u for c, u in runs), sh))
        print('\n%s: CPU ns per unit\n' % w)
        print('| | ' + ' | '.join(c[0] for c in cols) + ' |')
        print('|---|' + '---|' * len(cols))
        print('| **all** | ' + ' | '.join('**%.0f**' % c[1] for c in cols) + ' |')
        for k, row in enumerate(ROWS):
            vals = [None if c[2][k] is None else c[1] * c[2][k] for c in cols]
            if all(v is None or v < 0.5 for v in vals):
                continue
            print('| %s | ' % row[0] + ' | '.join('–' if v is None else '%.0f' % v for v in vals) + ' |')


if __name__ == '__main__':
    if sys.argv[1:] == ['--fold']:
        for k, n in fold(sys.stdin).items():
            print(k, n)
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit(__doc__)
