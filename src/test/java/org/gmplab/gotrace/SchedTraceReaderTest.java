package org.gmplab.gotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

import org.gmplab.gotrace.SchedTraceReader.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * Real Go 1.23 schedtrace output read into snapshots; the figures are those of the reference table
 * (go-traces/TABLE.md, computed there from the same files, without the snapshot at 0 ms).
 */
class SchedTraceReaderTest {

    static List<Snapshot> read(String file) throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(GoTraceReaderTest.resource(file), StandardCharsets.UTF_8))) {
            return SchedTraceReader.read(in, file);
        }
    }

    static String range(List<Snapshot> snaps, ToLongFunction<Snapshot> f) {
        long lo = snaps.stream().mapToLong(f).min().orElseThrow(), hi = snaps.stream().mapToLong(f).max().orElseThrow();
        return lo == hi ? "" + lo : lo + "-" + hi;
    }

    @Test
    void scheddetailGivesEveryPsStatusAndQueueAsGoPrintedThem() throws IOException {
        List<Snapshot> all = read("c_syscall_p2_detail.txt");
        assertThat(all).hasSize(20);
        List<Snapshot> s = all.subList(1, all.size());
        // TABLE.md: | c_syscall_p2_detail.txt | 20 | 7 | 0 | 0 | 1 | 0-4 | 0-4 | 0-4 | 0-3 | 74 78 | 0,1,2 |
        assertThat(range(s, x -> x.field("threads"))).isEqualTo("7");
        assertThat(range(s, x -> x.field("idleprocs"))).isEqualTo("0");
        assertThat(range(s, x -> x.field("runqueue"))).isEqualTo("0-4");
        assertThat(range(s, x -> x.localRunq().stream().mapToLong(Long::longValue).sum())).isEqualTo("0-4");
        assertThat(range(s, x -> x.localRunq().stream().mapToLong(Long::longValue).max().orElse(0))).isEqualTo("0-3");
        TreeSet<Integer> statuses = new TreeSet<>();
        s.forEach(x -> x.ps().forEach(p -> statuses.add(p.status())));
        assertThat(statuses).containsExactly(0, 1, 2);

        Snapshot first = all.get(0);
        assertThat(first.ps()).first().isEqualTo(new SchedTraceReader.PLine(0, 1, 0, 0, 3, 0));
        assertThat(first.ms()).contains(new SchedTraceReader.MLine(0, 1, 1, false, false));
        assertThat(first.gs()).first().isEqualTo(new SchedTraceReader.GLine(1, 2, "chan receive", 0));
    }

    @Test
    void plainSchedtraceGivesTheLocalQueuesFromTheBracket() throws IOException {
        List<Snapshot> all = read("a_spawn1000_p2_summary.txt");
        // TABLE.md: | a_spawn1000_p2_summary.txt | 51 | 4 | 0 | 0 | 1 | 1 | 0-774 | 3-326 | 2-211 | - | - |
        assertThat(all).hasSize(51);
        List<Snapshot> s = all.subList(1, all.size());
        assertThat(range(s, x -> x.field("threads"))).isEqualTo("4");
        assertThat(range(s, x -> x.field("runqueue"))).isEqualTo("0-774");
        assertThat(range(s, x -> x.localRunq().stream().mapToLong(Long::longValue).sum())).isEqualTo("3-326");
        assertThat(range(s, x -> x.localRunq().stream().mapToLong(Long::longValue).max().orElse(0))).isEqualTo("2-211");
        assertThat(all).allSatisfy(x -> assertThat(x.localRunq()).hasSize(2));
    }

    @Test
    void aLineThatStartsAsTheSchedulersButIsNotGetsItsLineNumber() {
        assertThatThrownBy(() -> SchedTraceReader.read(new BufferedReader(new StringReader(
                "hello\nSCHED 0ms: gomaxprocs=2 idleprocs=0 threads=4 runqueue=0 [0 0]\n  P0: status=one\n")), "x.txt"))
                .isInstanceOf(GoTraceException.class).hasMessage("x.txt:3: not a schedtrace line as Go prints it:   P0: status=one");
        assertThatThrownBy(() -> SchedTraceReader.read(new BufferedReader(new StringReader("just output\n")), "y.txt"))
                .isInstanceOf(GoTraceException.class).hasMessageContaining("y.txt: no SCHED lines");
    }
}
