package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;

import org.gmplab.scenario.Scenario;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The timer slack of Go's {@code usleep} and timed waits ({@link Costs#timerSlack}): modelled in step mode's
 * virtual time; in live mode the sleep is real and the kernel adds its own, so the model adds none.
 */
@Tag("live")
class TimerSlackTest {

    @Test
    void usleepSlackIsModelledInStepModeOnly() throws Exception {
        Scenario sc = Scenarios.spawn(1, 0, 1, 1);
        long slack = Costs.DEFAULT.timerSlack();
        try (Engine step = Engine.step(sc); Engine live = Engine.live(sc, 1, false)) {
            Sched s = sched(step), l = sched(live);
            // step mode: 4/5..1 of the slack, then the wake-up of the thread (sysmon's 20 µs sleep lasts 65–75 µs)
            for (int i = 0; i < 100; i++)
                assertThat(s.timerSlack(s.allm.get(0))).isBetween(slack - slack / 5 + Costs.DEFAULT.wakeM(), slack + Costs.DEFAULT.wakeM());
            // live mode: the real sleep's own slack only (with the model's too, sysmon's tick was twice Go's)
            assertThat(l.timerSlack(l.allm.get(0))).isZero();
        }
    }

    private static Sched sched(Engine e) throws ReflectiveOperationException {
        Field f = Engine.class.getDeclaredField("sched");
        f.setAccessible(true);
        return (Sched) f.get(e);
    }
}
