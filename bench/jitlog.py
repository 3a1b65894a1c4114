#!/usr/bin/env python3
"""Summarises a HotSpot compilation log: what the JIT compiled, again, and threw away over a run.

    java -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=/tmp/jit.log ... org.gmplab.bench.WindowFpsBench 8
    bench/jitlog.py /tmp/jit.log [LIVE_SECONDS]      # LIVE_SECONDS: the bench's "live from N s", to split the run there

Times are the compiler threads' wall time per compilation (task to task_done), not CPU: on a loaded machine a
compilation's wall time includes the waits for a core. See docs/benchmarks.md, "The JIT in the window's live run".
"""
import collections, re, sys

ATTR = re.compile(r"(\w+)='([^']*)'")
PACKAGES = ('org.gmplab', 'javafx', 'com.sun.javafx', 'com.sun.prism', 'com.sun.marlin', 'java.lang.invoke',
            'jdk.internal.org.objectweb', 'java.', 'jdk.', 'sun.', 'com.sun')


def package(method):
    return next((p for p in PACKAGES if method.startswith(p)), 'other')


def main(path, live):
    tasks, traps, c2_not_entrant = [], [], 0
    task = trap = None
    for line in open(path, errors='replace'):
        s = line.lstrip()
        if s.startswith('<task '):
            task = dict(ATTR.findall(s))
            task['start'] = float(task['stamp'])
            tasks.append(task)
        elif s.startswith('<task_done') and task is not None:
            task['time'] = float(dict(ATTR.findall(s))['stamp']) - task['start']
            task = None
        elif s.startswith('<make_not_entrant') and "level='4'" in s:
            c2_not_entrant += 1
        elif s.startswith('<uncommon_trap thread'):
            trap = dict(ATTR.findall(s))
            trap['jvms'] = []
            traps.append(trap)
        elif trap is not None and s.startswith('<jvms'):
            trap['jvms'].append(dict(ATTR.findall(s))['method'])
        elif s.startswith('</uncommon_trap'):
            trap = None
    for t in tasks:
        t.setdefault('time', 0.0)
        t['c2'] = t.get('level', '4') == '4'

    # what kind of compilation each task was: a method's first, the next tier, or one again at a tier it had
    levels, kinds, kind_time = collections.defaultdict(list), collections.Counter(), collections.Counter()
    for t in tasks:
        before, level = levels[t['method']], t.get('level', '4')
        if 'osr_bci' in t:
            kind = 'OSR at level ' + level
        elif not before:
            kind = 'first, at level ' + level
        elif level == '4' and '4' in before:
            kind = 'C2 again'
        elif level in ('2', '3') and any(b in ('1', '2', '3') for b in before):
            kind = 'C1 again (level 2 then 3: C2 was behind)'
        else:
            kind = 'next tier, level ' + level
        before.append(level)
        kinds[kind] += 1
        kind_time[kind] += t['time']

    print(f"{len(tasks)} compilations: {sum(not t['c2'] for t in tasks)} C1, {sum(t['c2'] for t in tasks)} C2; "
          f"C1 {sum(t['time'] for t in tasks if not t['c2']):.2f} s, C2 {sum(t['time'] for t in tasks if t['c2']):.2f} s")
    if live:
        after = [t for t in tasks if t['start'] >= live]
        print(f"after {live} s: {len(after)} compilations, {sum(t['time'] for t in after):.2f} s")
    print('\nkind of compilation:')
    for kind, n in kinds.most_common():
        print(f'  {n:5d} {kind_time[kind]:7.2f} s  {kind}')

    print('\nby package: C1 count, C2 count, C1 s, C2 s')
    by = collections.defaultdict(lambda: [0, 0, 0.0, 0.0])
    for t in tasks:
        row = by[package(t['method'])]
        row[1 if t['c2'] else 0] += 1
        row[3 if t['c2'] else 2] += t['time']
    for p, (n1, n2, s1, s2) in sorted(by.items(), key=lambda kv: -(kv[1][2] + kv[1][3])):
        print(f'  {p:28s} {n1:5d} {n2:5d} {s1:6.2f} {s2:6.2f}')

    c2 = collections.defaultdict(list)
    for t in tasks:
        if t['c2']:
            c2[t['method']].append(t)
    again = {m: ts for m, ts in c2.items() if len(ts) > 1}
    print(f'\nC2 more than once: {len(again)} methods, {sum(len(ts) - 1 for ts in again.values())} compilations again, '
          f'{sum(t["time"] for ts in again.values() for t in ts):.2f} s in all their C2 compilations')
    for m, ts in sorted(again.items(), key=lambda kv: -sum(t['time'] for t in kv[1]))[:15]:
        print(f'  {len(ts)} {sum(t["time"] for t in ts):6.3f} s  {m[:110]}')

    print('\nlongest compilations:')
    for t in sorted(tasks, key=lambda t: -t['time'])[:10]:
        print(f"  {t['time']:6.3f} s level {t.get('level', '4')} at {t['start']:6.2f} s  {t['method'][:100]}")

    c2_traps = [tr for tr in traps if tr.get('level') == '4']
    print(f'\nC2 code made not entrant: {c2_not_entrant}; uncommon traps in C2 code: {len(c2_traps)}')
    for (reason, action), n in collections.Counter((tr['reason'], tr['action']) for tr in c2_traps).most_common():
        print(f'  {n:4d} {reason} ({action})')
    ours = collections.Counter((tr['reason'], tr['jvms'][0]) for tr in c2_traps
                               if any(m.startswith('org.gmplab') for m in tr['jvms']))
    print(f'  in org.gmplab code (or inlined into it): {sum(ours.values())}')
    for (reason, m), n in ours.most_common(10):
        print(f'  {n:4d} {reason:20s} {m[:90]}')

    print('\nper second of the run: compilations C1, C2; seconds C1, C2')
    second = collections.defaultdict(lambda: [0, 0, 0.0, 0.0])
    for t in tasks:
        row = second[int(t['start'])]
        row[1 if t['c2'] else 0] += 1
        row[3 if t['c2'] else 2] += t['time']
    for s in sorted(second):
        print('  %3d %5d %4d %5.2f %5.2f' % (s, *second[s]))


if __name__ == '__main__':
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.0)
