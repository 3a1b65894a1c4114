package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.add;
import static org.gmplab.engine.Progs.done;
import static org.gmplab.engine.Progs.fn;
import static org.gmplab.engine.Progs.go;
import static org.gmplab.engine.Progs.gomaxprocs;
import static org.gmplab.engine.Progs.loop;
import static org.gmplab.engine.Progs.prog;
import static org.gmplab.engine.Progs.sleep;
import static org.gmplab.engine.Progs.waitWg;
import static org.gmplab.engine.Progs.work;

import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Go's {@code stopTheWorldWithSema} on real threads ({@code runtime.GOMAXPROCS} stops the world): the stopper
 * goes on only once every P has stopped, and the last P to stop wakes the stopper it saw under the lock. Two
 * races broke live runs (about one in twenty): a wake-up left over from earlier was taken for "all stopped"
 * ({@code stopTheWorld: not stopped}), and the last P read {@code sched.stopper} after the stopper had finished
 * and cleared it (a null wake-up that ended the run).
 */
@Tag("live")
class LiveStopTheWorldTest {

    @Test
    void stopTheWorldWithSema_repeatedGomaxprocsCallsAmongSleepersAndWorkersAlwaysEnd() throws Exception {
        Scenario sc = prog().procs(2).wg("wg")
                .fn(fn("main", add("wg", "4"), go("resizer"), go("sleeper"), go("worker"), go("worker"), waitWg("wg")))
                .fn(fn("resizer", loop("i", "20", gomaxprocs("1"), sleep("50us"), gomaxprocs("2"), sleep("50us")), done("wg")))
                .fn(fn("sleeper", loop("i", "200", sleep("10us")), done("wg")))
                .fn(fn("worker", loop("i", "200", work("20us")), done("wg")))
                .build("stop the world among sleepers and workers");
        for (int run = 0; run < 40; run++) {
            try (Engine e = Engine.live(sc, 1, false)) {
                Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
                assertThat(o).as("run %d ended", run).isNotNull();
                assertThat(o.kind()).as("run %d: %s", run, o.message()).isEqualTo(Outcome.Kind.EXITED);
            }
        }
    }
}
