#!/usr/bin/env python3
"""Reads the printed output of LiveVsGoBench runs, many JVMs at once, and gives what one JVM's table cannot: each
workload's ratios to Go and thread counts over all their timed rounds, with the standard error of the threads
above Go's; the threads read at Go's median speed (a line fitted to each side's runs, since a run's count follows
its speed); the ratio binned by the JIT's work in the round and by the two vCPUs' distance; and each workload at
its highest p against p = 1 in the same round, GMP Lab's and Go's, near and far; and, where the bench printed each
CPU's speed beside a run (VcpuSpeed), whether the two vCPUs were even then.

    java ... org.gmplab.bench.LiveVsGoBench 10 syscall 1,2 > /tmp/runs/1.txt      # one file per JVM
    bench/livevsgo.py /tmp/runs/*.txt
    bench/livevsgo.py 'shipped=/tmp/turns/*-old.txt' 'tried=/tmp/turns/*-new.txt'   # sets side by side, by turns

A ratio is GMP Lab's speed over Go's in the same round (> 1 = GMP Lab faster); "main.main" times GMP Lab as Go
times itself, without its runtime's boot. Near: the core-to-core round trip at the round's start under 300 ns.
Even: no probe beside the run took over 1.15 times the set's fastest probe. See docs/benchmarks.md, rounds 17, 19
and 20.
"""
import glob, re, statistics as st, sys

ROUND = re.compile(r'^timed round \d+,.*?round trip (\d+) ns', re.M)
RUN = re.compile(r'^  (.+?), (\S+(?: \S+)*?)\s+p=(\d+)  GMP Lab +([\d.]+) \((\d+) threads, (-?\d+) Ms, [\d.]+ CPU ns; '
                 r'main\.main ([\d.]+)\)  Go +([\d.]+|NaN) \((\d+|-) threads', re.M)
JIT = re.compile(r'^  JIT compilation in this round: (\d+) ms', re.M)
VCPU = re.compile(r'^    vCPU speed \(ms for a fixed chain on each CPU\): ([\d. /]+) ms before, ([\d. /]+) ms after', re.M)
EVEN = 1.15   # a run's vCPUs are even when no probe beside it took over 1.15 times the fastest probe of its set
# the machine's state beside a run: the two vCPUs' distance (core-to-core round trip) and whether they ran alike
PLACES = [('vCPUs near', lambda r: r['trip'] < 300), ('far', lambda r: r['trip'] >= 300),
          ('vCPUs even', lambda r: r['even']), ('uneven', lambda r: r['slow'] is not None and not r['even'])]


def rounds(path):
    """Each timed round's runs: dicts of the workload, p, both sides' figures, the JIT's ms and the round trip."""
    text = open(path).read()
    starts = [m for m in ROUND.finditer(text)]
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else text.find('Warm:', m.end())
        body = text[m.end():end if end > 0 else len(text)]
        jit = JIT.search(body)
        for r in RUN.finditer(body):
            title, unit, p, gm, t, ms, mm, go, gt = r.groups()
            rate = unit.endswith('/s')   # goroutines/s: higher is better; ms or ns: lower is
            v = VCPU.match(body, body.find('\n', r.end()) + 1)   # the line after the run's, if the bench printed it
            yield dict(file=path, round=i, rate=rate, work=title, p=int(p), gm=float(gm), mm=float(mm), go=float(go), threads=int(t),
                       ms=int(ms), go_threads=int(gt) if gt != '-' else float('nan'), jit=int(jit.group(1)) if jit else -1,
                       trip=int(m.group(1)), ratio=float(gm) / float(go) if rate else float(go) / float(gm),
                       main_ratio=float(mm) / float(go) if rate else float(go) / float(mm),
                       vcpu=[float(x) for g in v.groups() for x in g.split('/')] if v else None)


def mark_even(runs):
    """Each run's 'slow': its slowest vCPU probe over the set's fastest (None without probes); 'even' if under EVEN."""
    fastest = min((x for r in runs if r['vcpu'] for x in r['vcpu']), default=None)
    for r in runs:
        r['slow'] = max(r['vcpu']) / fastest if r['vcpu'] else None
        r['even'] = r['slow'] is not None and r['slow'] <= EVEN


def fit(xs, ys, at):
    """The least-squares line through (xs, ys), read at {at}."""
    mx, my = st.mean(xs), st.mean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return my if sxx == 0 else my + sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx * (at - mx)


def se(xs):
    return st.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float('nan')


def report(name, runs):
    jvms = len({r['file'] for r in runs})
    print(f'== {name}: {jvms} JVMs')
    for key in dict.fromkeys((r['work'], r['p']) for r in runs):
        rs = [r for r in runs if (r['work'], r['p']) == key]
        above = [r['threads'] - r['go_threads'] for r in rs]
        ms_above = [r['ms'] - r['go_threads'] for r in rs]
        spares = [r['threads'] - r['ms'] for r in rs]
        print(f'{key[0]}, p = {key[1]}: {len(rs)} rounds')
        if any(r['go'] != r['go'] for r in rs):   # run without Go (-Dgmplab.bench.baselines=false): GMP Lab's speeds alone
            print('  GMP Lab alone, main.main, medians: ' + '; '.join(
                f'{label} {st.median(r["mm"] for r in sub):g} ({len(sub)})'
                for label, test in [('all', lambda r: True)] + PLACES
                for sub in [[r for r in rs if test(r)]] if sub))
            continue
        files = list(dict.fromkeys(r['file'] for r in rs))
        per_jvm = {k: [st.median(r[k] for r in rs if r['file'] == f) for f in files] for k in ('ratio', 'main_ratio')}
        print(f'  ratio to Go {st.median(r["ratio"] for r in rs):.3f}, main.main alone '
              f'{st.median(r["main_ratio"] for r in rs):.3f} (medians of the rounds); medians of the JVMs\' medians '
              f'{st.median(per_jvm["ratio"]):.3f} and {st.median(per_jvm["main_ratio"]):.3f}; the JVMs\', main.main: '
              + ' '.join(f'{x:.3f}' for x in per_jvm['main_ratio']))
        print(f'  threads above Go\'s in a round: median {st.median(above):+g}, mean {st.mean(above):+.2f} '
              f'(standard error {se(above):.2f}); above / equal / below {sum(a > 0 for a in above)} / '
              f'{sum(a == 0 for a in above)} / {sum(a < 0 for a in above)}; Ms above Go\'s {st.mean(ms_above):+.2f}; '
              f'spares left over {st.mean(spares):.2f} a run')
        at = st.median(r['go'] for r in rs)
        if min(r['mm'] for r in rs) <= at <= max(r['mm'] for r in rs):   # read within GMP Lab's runs, not beyond
            print(f'  at Go\'s median {at:g}, fitted: Go {fit([r["go"] for r in rs], [r["go_threads"] for r in rs], at):.1f} '
                  f'threads; GMP Lab by main.main {fit([r["mm"] for r in rs], [r["threads"] for r in rs], at):.1f} threads, '
                  f'{fit([r["mm"] for r in rs], [r["ms"] for r in rs], at):.1f} Ms; by its whole run '
                  f'{fit([r["gm"] for r in rs], [r["threads"] for r in rs], at):.1f} threads')
        else:
            print(f'  at Go\'s median {at:g}: outside GMP Lab\'s runs, no fit')
        bins = [('JIT under 10 ms', lambda r: 0 <= r['jit'] < 10), ('10-20 ms', lambda r: 10 <= r['jit'] < 20),
                ('20-40 ms', lambda r: 20 <= r['jit'] < 40), ('over 40 ms', lambda r: r['jit'] >= 40)] + PLACES
        print('  main.main ratio by ' + '; '.join(
            f'{label}: {st.median(r["main_ratio"] for r in sub):.3f} ({len(sub)})'
            for label, test in bins for sub in [[r for r in rs if test(r)]] if sub))


def scaling(name, runs):
    """Each workload's speed at the highest p against p = 1 in the same round, GMP Lab's and Go's, near and far."""
    for work in dict.fromkeys(r['work'] for r in runs):
        ps = sorted({r['p'] for r in runs if r['work'] == work})
        if len(ps) < 2 or ps[0] != 1:
            continue
        one = {(r['file'], r['round']): r for r in runs if r['work'] == work and r['p'] == 1}
        pairs = [(one[k], r) for r in runs if r['work'] == work and r['p'] == ps[-1]
                 for k in [(r['file'], r['round'])] if k in one]
        def up(a, b, key):   # how many times faster at the higher p
            return b[key] / a[key] if a['rate'] else a[key] / b[key]
        print(f'{work}: p = {ps[-1]} against p = 1 in the same round, medians (rounds): ' + '; '.join(
            f'{label} GMP Lab {st.median(up(a, b, "mm") for a, b in sub):.2f}x'
            + (f', Go {st.median(up(a, b, "go") for a, b in sub):.2f}x' if all(b['go'] == b['go'] for _, b in sub) else '') + f' ({len(sub)})'
            for label, test in (('all', lambda a, b: True), ('vCPUs near', lambda a, b: b['trip'] < 300),
                                ('far', lambda a, b: b['trip'] >= 300), ('near and even', lambda a, b: b['trip'] < 300 and a['even'] and b['even']),
                                ('far and even', lambda a, b: b['trip'] >= 300 and a['even'] and b['even']),
                                ('uneven', lambda a, b: a['slow'] is not None and not (a['even'] and b['even'])))
            for sub in [[(a, b) for a, b in pairs if test(a, b)]] if sub))


def main(args):
    if not args:
        sys.exit(__doc__)
    sets, current = {}, None
    for a in args:
        if '=' in a:
            current, a = a.split('=', 1)
        sets.setdefault(current or 'runs', []).extend(sorted(glob.glob(a)) or [a])   # NAME=GLOB is not the shell's to expand
    for name, paths in sets.items():
        runs = [r for p in paths for r in rounds(p)]
        if not runs:
            sys.exit(f'{name}: no timed rounds in {paths}')
        mark_even(runs)
        report(name, runs)
        scaling(name, runs)


if __name__ == '__main__':
    main(sys.argv[1:])
