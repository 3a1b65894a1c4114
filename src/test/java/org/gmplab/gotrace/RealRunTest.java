package org.gmplab.gotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A real run turned into the engine's snapshots and events ({@link RealRun}), checked against Go's own parser:
 * the state transitions {@code go tool trace -d=1} printed for the same trace are followed here, by a model of
 * their own, and at several positions every P's status and M, every running G's M and P, every G in a syscall
 * and its M, the runnable Gs and the blocked Gs' reasons must be what the snapshot shows.
 */
class RealRunTest {
    static final Pattern LINE = Pattern.compile(
            "M=(-?\\d+) P=(-?\\d+) G=(-?\\d+) StateTransition Time=\\d+ Resource=(Goroutine|Proc)\\((\\d+)\\) Reason=\"([^\"]*)\" \\w+=\\d+ (\\w+)->(\\w+)");

    static Path fixture(String name) {
        return Path.of("src/test/resources/gotrace", name);
    }

    /** Go's -d=1 transitions of a fixture, one matcher per line. */
    static List<Matcher> goTransitions(String name) throws IOException {
        List<Matcher> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(RealRunTest.class.getResourceAsStream("/gotrace/" + name + ".transitions.txt.gz"));
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                Matcher m = LINE.matcher(l);
                assertThat(m.matches()).as(l).isTrue();
                out.add(m);
            }
        }
        return out;
    }

    /** What Go's lines say at a moment: per P, its state and M; per G, its state, M, P and reason. */
    static final class GoSays {
        final Map<Long, String> pState = new TreeMap<>();
        final Map<Long, Long> pM = new HashMap<>();
        final Map<Long, String> gState = new TreeMap<>();
        final Map<Long, long[]> gMP = new HashMap<>();
        final Map<Long, String> gReason = new HashMap<>();

        void apply(Matcher m) {
            long mm = Long.parseLong(m.group(1)), pp = Long.parseLong(m.group(2)), id = Long.parseLong(m.group(5));
            String to = m.group(8);
            if (m.group(4).equals("Proc")) {
                pState.put(id, to);
                pM.put(id, to.equals("Running") ? mm : -1);
                return;
            }
            if (to.equals("NotExist")) { gState.remove(id); return; }
            if (to.equals("Waiting") && !m.group(7).equals("Waiting")) gReason.put(id, m.group(6));
            gState.put(id, to);
            gMP.put(id, new long[] {mm, pp});
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"a_spawn1000.p2", "c_syscall.p4"})
    void everyPWithItsMAndRunningGAndEveryGsPlaceMatchGoTraceD1AtManyPositions(String name) throws IOException {
        RealRun run = RealRun.read(fixture(name + ".trace"), null);
        List<Matcher> lines = goTransitions(name);
        long happened = lines.stream().filter(m -> !m.group(7).equals("Undetermined")).count();
        assertThat(run.end()).isEqualTo(happened);
        assertThat(run.snapshot(0).time()).isZero();
        assertThat(run.gomaxprocs()).isEqualTo(name.endsWith("p2") ? 2 : 4);

        GoSays go = new GoSays();
        long pos = 0;
        int i = 0;
        // position 0: the statuses before the first thing that happened
        for (; i < lines.size() && lines.get(i).group(7).equals("Undetermined"); i++) go.apply(lines.get(i));
        long k = RealRun.KEY_FRAME;   // both sides of key frames, from which a moment is rebuilt
        List<Long> checkAt = List.of(0L, 1L, 2L, 50L, k - 1, k, k + 1, 3 * k - 1, 1234L, happened / 2, happened - 1, happened);
        for (; pos <= happened; ) {
            if (checkAt.contains(pos)) compare(go, run.snapshot(pos), name + " at position " + pos);
            if (pos == happened) break;
            // the next position: the next thing that happened, and the statuses a new generation restates before it
            while (lines.get(i).group(7).equals("Undetermined")) go.apply(lines.get(i++));
            go.apply(lines.get(i++));
            pos++;
        }
    }

    static void compare(GoSays go, Snapshot s, String where) {
        assertThat(s.real()).as(where).isTrue();
        Map<Integer, Snapshot.Thread> ms = new HashMap<>();
        for (Snapshot.Thread t : s.ms()) ms.put(t.id(), t);
        Map<Long, Snapshot.G> gs = new HashMap<>();
        for (Snapshot.G g : s.gs()) gs.put(g.goid(), g);
        Map<Long, Long> syscallM = new HashMap<>();   // M → G in a syscall on it, by Go's lines
        go.gState.forEach((id, st) -> { if (st.equals("Syscall")) syscallM.put(go.gMP.get(id)[0], id); });
        for (Snapshot.Proc p : s.ps()) {
            String st = go.pState.get((long) p.id());
            long m = go.pM.get((long) p.id());
            if (st.equals("Idle")) {
                assertThat(p.status()).as(where + ": P" + p.id()).isEqualTo(PStatus.IDLE);
            } else if (syscallM.containsKey(m)) {   // its M's goroutine is in a syscall: Go's _Psyscall
                assertThat(p.status()).as(where + ": P" + p.id() + " of M" + m + " in a syscall").isEqualTo(PStatus.SYSCALL);
            } else {
                assertThat(p.status()).as(where + ": P" + p.id()).isEqualTo(PStatus.RUNNING);
                assertThat(p.m()).as(where + ": P" + p.id() + "'s M").isEqualTo((int) m);
                assertThat(ms.get((int) m).p()).as(where + ": M" + m + "'s P").isEqualTo(p.id());
            }
            // never a ring the trace does not record
            assertThat(p.runq()).isEmpty();
            assertThat(p.runnext()).isEqualTo(-1);
        }
        assertThat(s.ps()).extracting(Snapshot.Proc::id).containsExactlyInAnyOrderElementsOf(
                go.pState.keySet().stream().map(Long::intValue).toList());
        assertThat(s.globalQueue()).isEmpty();
        TreeSet<Long> runnable = new TreeSet<>();
        go.gState.forEach((id, st) -> {
            Snapshot.G g = gs.get(id);
            assertThat(g).as(where + ": G" + id).isNotNull();
            long[] mp = go.gMP.get(id);
            switch (st) {
                case "Running" -> {
                    assertThat(g.status()).as(where + ": G" + id).isEqualTo(GStatus.RUNNING);
                    assertThat(g.where()).isEqualTo(new Place.OnM((int) mp[0]));
                    assertThat(ms.get((int) mp[0]).curg()).as(where + ": M" + mp[0] + "'s G").isEqualTo(id);
                    assertThat(ms.get((int) mp[0]).p()).as(where + ": M" + mp[0] + " runs G" + id + " on P" + mp[1]).isEqualTo((int) mp[1]);
                }
                case "Syscall" -> {
                    assertThat(g.status()).as(where + ": G" + id).isEqualTo(GStatus.SYSCALL);
                    assertThat(ms.get((int) mp[0]).curg()).as(where + ": M" + mp[0] + "'s G in a syscall").isEqualTo(id);
                    assertThat(ms.get((int) mp[0]).p()).isEqualTo(-1);
                }
                case "Runnable" -> {
                    assertThat(g.status()).as(where + ": G" + id).isEqualTo(GStatus.RUNNABLE);
                    assertThat(g.where()).isEqualTo(Place.POOL);
                    runnable.add(id);
                }
                case "Waiting" -> {
                    assertThat(g.status()).as(where + ": G" + id).isEqualTo(GStatus.WAITING);
                    assertThat(g.waitReason()).as(where + ": G" + id + "'s reason").isEqualTo(go.gReason.get(id));
                }
                default -> throw new AssertionError(where + ": G" + id + " " + st);
            }
        });
        assertThat(gs.keySet()).as(where + ": the goroutines that exist").containsExactlyInAnyOrderElementsOf(go.gState.keySet());
        assertThat(s.gs().stream().filter(g -> g.status() == GStatus.RUNNABLE).map(Snapshot.G::goid).toList()).containsExactlyElementsOf(runnable);
    }

    @Test
    void eventsCarryGosNamesAndSayWhatIsInferred() throws IOException {
        RealRun run = RealRun.read(fixture("c_syscall.p2.trace"), null);
        Map<EventKind, Integer> kinds = new TreeMap<>();
        int retakes = 0, migrations = 0;
        for (long p = 1; p <= run.end(); p++) {
            Event e = run.event(p);
            assertThat(e.seq()).isEqualTo(p);
            assertThat(e.time()).isEqualTo(run.time(p));
            assertThat(e.why()).matches("(Go|Proc)[A-Za-z]+: .*");
            kinds.merge(e.kind(), 1, Integer::sum);
            if (e.kind() == EventKind.RETAKE) {
                retakes++;
                assertThat(e.why()).startsWith("ProcSteal: P" + e.p()).contains("(inferred)");
            }
            if (e.details().containsKey("readyOn")) {
                migrations++;
                assertThat(e.kind()).isEqualTo(EventKind.EXECUTE);
                assertThat(e.why()).startsWith("GoStart: G" + e.g()).contains("made runnable on P" + e.detail("readyOn"))
                        .contains("started on P" + e.p()).contains("inferred");
                assertThat(e.detail("readyOn")).isNotEqualTo(e.p());
            }
        }
        // the figures import --summary prints for this trace (docs/real-go.md)
        assertThat(retakes).isEqualTo(120).isEqualTo(run.figures().retakes());
        assertThat(migrations).isEqualTo(17).isEqualTo(run.figures().migrations());
        assertThat(run.figures().syscalls()).isEqualTo(173);
        assertThat(run.figures().created()).isEqualTo(13);
        assertThat(run.figures().maxRunnable()).isEqualTo(8);
        assertThat(kinds).containsKeys(EventKind.GO, EventKind.EXECUTE, EventKind.PARK, EventKind.READY, EventKind.ENTERSYSCALL,
                EventKind.EXITSYSCALL, EventKind.RETAKE, EventKind.GOEXIT);
    }

    @Test
    void theCanvasPutsTheRunnableGsInOnePoolMarkedQueueUnknownAndNoneInARing() throws IOException {
        RealRun run = RealRun.read(fixture("a_spawn1000.p2.trace"), null);
        Snapshot s = run.snapshot(run.end() / 2);
        List<Long> runnable = s.gs().stream().filter(g -> g.status() == GStatus.RUNNABLE).map(Snapshot.G::goid).toList();
        assertThat(runnable).hasSizeGreaterThan(100);
        org.gmplab.view.Layout l = org.gmplab.view.Layout.compute(s, 1280, 800, 1);
        org.gmplab.view.Layout.Pool pool = l.pools.get("global");
        assertThat(pool.title()).isEqualTo(org.gmplab.view.Layout.QUEUE_UNKNOWN).isEqualTo("runnable: queue unknown (not in the trace)");
        assertThat(pool.total()).isEqualTo(runnable.size());
        for (long g : runnable) assertThat(pool.rect().contains(l.anchors.get(g).cx(), l.anchors.get(g).cy())).as("G" + g).isTrue();
        for (org.gmplab.view.Layout.Card c : l.cards.values()) assertThat(c.compact()).as("P" + c.p() + "'s ring: a bar saying it is not in the trace").isTrue();
        assertThat(org.gmplab.view.Inspector.describe(new org.gmplab.view.Layout.Hit(org.gmplab.view.Layout.Hit.Kind.POOL, -1, "global"), s))
                .startsWith("runnable: " + runnable.size() + " Gs, in queues the trace does not name");
    }
}
