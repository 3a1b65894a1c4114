package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.gmplab.gotrace.RealRun;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * A real run's retake (Go's ProcSteal of a P whose M is in a syscall: sysmon's {@code retake}) is marked as the
 * engine's is: from sysmon, in its own box, to the P — never from the P card itself, even when the Ms without a P
 * are too many for their box (c_syscall at GOMAXPROCS 4: nine threads, five-digit M ids).
 */
class RealRetakeMarkTest {
    @Test
    void aRealRunsRetakeStartsAtSysmonOrTheMInTheSyscallNotAtThePCard() throws Exception {
        for (String file : List.of("c_syscall.p2.trace", "c_syscall.p4.trace")) {
            RealRun run = RealRun.read(Path.of("src/test/resources/gotrace/" + file), null);
            int retakes = 0, bySysmon = 0;
            for (long pos = 1; pos <= run.end(); pos++) {
                Event e = run.event(pos);
                if (e.kind() != EventKind.RETAKE) continue;
                retakes++;
                Snapshot s = run.snapshot(pos);
                Layout l = Layout.compute(s, 1280, 720, 1);
                Transition.Mark m = Transition.marks(l, List.of(e)).get(0);
                Rect card = l.cards.get(e.p()).card();
                assertThat(m.from()).as("%s %s", file, e.why()).isNotEqualTo(card);
                if (s.ms().stream().anyMatch(t -> t.id() == e.m() && t.sysmon())) {
                    // the M that retook it is sysmon, in sysmon's box, and the mark starts at its chip
                    bySysmon++;
                    assertThat(l.pools.get("sysmon").chips()).extracting(Layout.Chip::id).contains(e.m());
                    assertThat(m.from()).isEqualTo(l.ms.get(e.m()));
                }
            }
            assertThat(retakes).as(file).isPositive();
            assertThat(bySysmon).as(file).isPositive();
        }
    }
}
