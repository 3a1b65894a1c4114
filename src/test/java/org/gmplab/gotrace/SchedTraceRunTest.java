package org.gmplab.gotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every schedtrace and scheddetail output of the reference (Go 1.23.5, in resources/gotrace/schedtrace) read
 * into moments, each moment's counts checked against the text itself, read here line by line without the
 * reader: the global queue's runqueue=, each P's queue (the bracket, or runqsize=), each P's status and M, the
 * Ms, the Gs by status. The queues are counts: no moment has a G in a ring or in the global queue.
 */
class SchedTraceRunTest {
    static final List<String> FILES = List.of(
            "a_spawn1000_p2_detail.txt", "a_spawn1000_p4_detail.txt", "b_cpubound_p1_detail.txt", "b_cpubound_p2_detail.txt",
            "b_cpubound_p4_detail.txt", "c_syscall_p2_detail.txt", "c_syscall_p4_detail.txt", "d_pingpong_p1_detail.txt",
            "d_pingpong_p2_detail.txt", "d_pingpong_p4_detail.txt", "e_gosched_p2_detail.txt", "e_gosched_p4_detail.txt",
            "f_retake_p1_detail.txt",
            "a_spawn1000_p2_summary.txt", "a_spawn1000_p4_summary.txt", "a_spawn1000_p8_summary.txt", "b_cpubound_p2_summary.txt",
            "b_cpubound_p4_summary.txt", "c_syscall_p2_summary.txt", "c_syscall_p4_summary.txt", "d_pingpong_p1_summary.txt",
            "d_pingpong_p2_summary.txt", "d_pingpong_p4_summary.txt", "e_gosched_p2_summary.txt", "e_gosched_p4_summary.txt");

    static Stream<String> files() { return FILES.stream(); }

    static String text(String file) throws IOException {
        try (var in = new GZIPInputStream(GoTraceReaderTest.resource("schedtrace/" + file + ".gz"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static SchedTraceRun run(String file) throws IOException {
        return SchedTraceRun.of(SchedTraceReader.read(new BufferedReader(new StringReader(text(file))), file), file);
    }

    static final Pattern INT = Pattern.compile("(\\w+)=(-?\\d+|nil|true|false)");

    @Test
    void everyReferenceFileIsListed() throws IOException {
        // the list above is the folder: a file added to it is read too
        try (var in = GoTraceReaderTest.class.getResourceAsStream("/gotrace/schedtrace/")) {
            if (in == null) return;   // a resource folder is not listable from a jar
            List<String> names = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(n -> n.endsWith(".txt.gz")).map(n -> n.substring(0, n.length() - 3)).sorted().toList();
            assertThat(names).containsExactlyInAnyOrderElementsOf(FILES);
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void eachSchedBlockIsAMomentWhoseCountsAreThoseGoPrinted(String file) throws IOException {
        String text = text(file);
        SchedTraceRun run = run(file);
        List<List<String>> blocks = new ArrayList<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("SCHED ")) blocks.add(new ArrayList<>());
            if (!blocks.isEmpty() && (line.startsWith("SCHED ") || line.matches("  [PMG]\\d+: .*"))) blocks.get(blocks.size() - 1).add(line);
        }
        assertThat(run.end() + 1).isEqualTo(blocks.size());
        assertThat(run.detail()).isEqualTo(file.endsWith("_detail.txt"));
        for (int pos = 0; pos < blocks.size(); pos++) {
            List<String> b = blocks.get(pos);
            Snapshot s = run.snapshot(pos);
            String head = b.get(0);
            assertThat(s.time()).isEqualTo(Long.parseLong(head.substring(6, head.indexOf("ms:"))) * 1_000_000);
            assertThat(s.real()).isTrue();
            assertThat(s.isSampled()).isTrue();
            assertThat(s.sampled().text()).isEqualTo(String.join("\n", b) + "\n");
            assertThat(s.sampled().runqueue()).isEqualTo(field(head, "runqueue"));
            assertThat(s.gomaxprocs()).isEqualTo(field(head, "gomaxprocs"));
            assertThat(s.threads()).isEqualTo(field(head, "threads"));
            assertThat(s.npidle()).isEqualTo(field(head, "idleprocs"));
            // the queues are counts: no G in a ring, in runnext or in the global queue
            assertThat(s.globalQueue()).isEmpty();
            assertThat(s.ps()).allSatisfy(p -> {
                assertThat(p.runq()).isEmpty();
                assertThat(p.runnext()).isEqualTo(-1);
            });
            List<String> pLines = b.stream().filter(l -> l.startsWith("  P")).toList();
            if (pLines.isEmpty()) {   // plain: the bracket
                String[] q = head.substring(head.indexOf('[') + 1, head.indexOf(']')).trim().split(" +");
                assertThat(s.ps()).hasSize(q.length);
                for (int p = 0; p < q.length; p++) assertThat(s.sampled().runqsize(p)).isEqualTo(Long.parseLong(q[p]));
                assertThat(s.ps()).allSatisfy(p -> assertThat(s.statusWord(p)).isEqualTo("?"));
            } else {
                assertThat(s.ps()).hasSize(pLines.size());
                for (String l : pLines) {
                    int id = Integer.parseInt(l.substring(3, l.indexOf(':')));
                    Snapshot.Proc p = s.ps().stream().filter(x -> x.id() == id).findFirst().orElseThrow();
                    assertThat(s.sampled().runqsize(id)).isEqualTo(field(l, "runqsize"));
                    assertThat(p.status().go).isEqualTo(field(l, "status"));
                    assertThat(p.schedtick()).isEqualTo(field(l, "schedtick"));
                    assertThat(p.m()).isEqualTo((int) field(l, "m"));
                }
                assertThat(s.idlePs()).hasSize((int) pLines.stream().filter(l -> field(l, "status") == 0).count());
            }
            List<String> mLines = b.stream().filter(l -> l.startsWith("  M")).toList();
            assertThat(s.ms()).hasSize(mLines.size());
            for (String l : mLines) {
                int id = Integer.parseInt(l.substring(3, l.indexOf(':')));
                Snapshot.Thread m = s.ms().stream().filter(x -> x.id() == id).findFirst().orElseThrow();
                assertThat(m.p()).isEqualTo((int) field(l, "p"));
                assertThat(m.curg()).isEqualTo(field(l, "curg"));
                assertThat(m.spinning()).isEqualTo(field(l, "spinning") == 1);
                assertThat(m.blocked()).isEqualTo(field(l, "blocked") == 1);
            }
            List<String> gLines = b.stream().filter(l -> l.startsWith("  G")).toList();
            assertThat(s.gs()).hasSize(gLines.size());
            for (int status : new int[] {1, 2, 3}) {
                long inText = gLines.stream().filter(l -> l.contains("status=" + status + "(")).count();
                assertThat(s.gs().stream().filter(g -> g.status().go == status)).as("G status %d at %s", status, head).hasSize((int) inText);
            }
            for (String l : gLines) {
                long id = Long.parseLong(l.substring(3, l.indexOf(':')));
                String reason = l.substring(l.indexOf('(') + 1, l.lastIndexOf(')'));
                assertThat(s.gs()).filteredOn(g -> g.goid() == id).singleElement().extracting(Snapshot.G::waitReason).isEqualTo(reason);
            }
            if (pos > 0) {
                Event e = run.event(pos);
                assertThat(e.kind()).isEqualTo(EventKind.SCHEDTRACE);
                assertThat(e.time()).isEqualTo(s.time());
                assertThat(e.why()).isEqualTo("sysmon printed schedtrace: " + head);
            }
        }
        // the plot's data: a sample per SCHED line, the same counts
        assertThat(run.series().size()).isEqualTo(blocks.size());
        for (int i = 0; i < blocks.size(); i++) {
            assertThat(run.series().global().get(i)).isEqualTo(run.snapshot(i).sampled().runqueue());
            for (int p = 0; p < run.snapshot(i).ps().size(); p++) assertThat(run.series().local(i, p)).isEqualTo(run.snapshot(i).sampled().runqsize(p));
        }
    }

    /** {@code name=} in a line as a number (nil: -1, true: 1, false: 0). */
    static long field(String line, String name) {
        Matcher m = INT.matcher(line);
        while (m.find()) {
            if (!m.group(1).equals(name)) continue;
            return switch (m.group(2)) {
                case "nil" -> -1;
                case "true" -> 1;
                case "false" -> 0;
                default -> Long.parseLong(m.group(2));
            };
        }
        throw new AssertionError("no " + name + "= in " + line);
    }

    @Test
    void theSamplingPeriodIsTheMedianGapAndTheMomentsAreAtTheSchedLinesMs() throws IOException {
        SchedTraceRun run = run("c_syscall_p2_detail.txt");
        // SCHED 0ms, 106ms, 207ms, 309ms, ... (GODEBUG=schedtrace=100 under load)
        assertThat(run.everyMs()).isBetween(100L, 103L);
        assertThat(run.time(1)).isEqualTo(106_000_000L);
        assertThat(run.gomaxprocs()).isEqualTo(2);
        // M1, with no P and no G, is sysmon (runtime.main starts it first)
        assertThat(run.snapshot(1).ms()).filteredOn(Snapshot.Thread::sysmon).extracting(Snapshot.Thread::id).containsExactly(1);
        // waiting Gs have the canvas's places by their reason; the runtime's own are system
        Snapshot s = run.snapshot(1);
        assertThat(s.gs()).filteredOn(g -> g.goid() == 1).singleElement().extracting(Snapshot.G::where).isEqualTo(new Place.Parked(Place.On.TIMER));
        assertThat(s.gs()).filteredOn(g -> g.goid() == 3).singleElement().extracting(Snapshot.G::system).isEqualTo(true);
        assertThat(s.gs()).filteredOn(g -> g.goid() == 20).singleElement().extracting(Snapshot.G::where).isEqualTo(new Place.OnM(2));
    }

    @Test
    void outputThatIsNotAsGoPrintsItIsOneLineNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        record Case(String text, String message) { }
        for (Case c : List.of(
                new Case("SCHED 100ms: gomaxprocs=2 idleprocs=0 threads=4 runqueue=0 [0 0]\nSCHED 50ms: gomaxprocs=2 idleprocs=0 threads=4 runqueue=0 [0 0]\n",
                        "x.txt:2: SCHED 50ms comes after SCHED 100ms: time must not go back (two runs in one file?)"),
                new Case("out\nSCHED 0ms: gomaxprocs=0 idleprocs=0 threads=4 runqueue=0 []\n", "x.txt:2: gomaxprocs=0: GMP Lab shows 1..256 Ps"),
                new Case("SCHED 0ms: gomaxprocs=1 idleprocs=0 threads=4 runqueue=0\n  P3: status=1 schedtick=0 syscalltick=0 m=nil runqsize=0 gfreecnt=0 timerslen=0\n",
                        "x.txt:1: P3 of gomaxprocs=1 (P ids are 0..0)"),
                new Case("SCHED 0ms: gomaxprocs=1 idleprocs=0 threads=4 runqueue=0 [0]\n  G1: status=99999999999999(x) m=nil lockedm=nil\n",
                        "x.txt:2: a number out of range in   G1: status=99999999999999(x) m=nil lockedm=nil"),
                new Case("SCHED 0ms: gomaxprocs=2 idleprocs=0 threads=4 runqueue=0 [0 0]\nSCHED soon: runqueue=0 [0 0]\n",
                        "x.txt:2: not a schedtrace line as Go prints it: SCHED soon: runqueue=0 [0 0]"))) {
            Path f = dir.resolve("x.txt");
            Files.writeString(f, c.text());
            assertThatThrownBy(() -> SchedTraceRun.read(f)).isInstanceOf(GoTraceException.class).hasMessage(c.message());
        }
    }
}
