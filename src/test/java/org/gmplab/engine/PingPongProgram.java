package org.gmplab.engine;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.GoSource;

/**
 * The live ping-pong that {@code SudogCacheTest}, {@code LiveLogOrderTest} and {@code bench.PingPongBench} run: two
 * goroutines pass a value back and forth on unbuffered channels, a goroutine's park and another's ready at every
 * switch. Main then sleeps (unless asked not to), so that the Ms are still there to be asked (a thread's counts go
 * with it) once the goroutine that counts the rounds, the only one that ever exits, has ended.
 */
public final class PingPongProgram {
    private PingPongProgram() { }

    /** The program at this GOMAXPROCS, for this many round trips; main then sleeps for an hour. */
    public static Scenario of(int gomaxprocs, int rounds) throws org.gmplab.scenario.ScenarioException {
        return of(gomaxprocs, rounds, true);
    }

    /** The program at this GOMAXPROCS, for this many round trips; without {@code sleep}, main returns after them. */
    public static Scenario of(int gomaxprocs, int rounds, boolean sleep) throws org.gmplab.scenario.ScenarioException {
        return GoSource.parse("""
                // gmplab: gomaxprocs=%d
                package main
                %s
                func main() {
                	ping, pong := make(chan int), make(chan int)
                	done := make(chan struct{})
                	go func() {
                		for {
                			v := <-ping
                			pong <- v + 1
                		}
                	}()
                	go func() {
                		v := 0
                		for i := 0; i < %d; i++ {
                			ping <- v
                			v = <-pong
                		}
                		close(done)
                	}()
                	<-done
                %s}
                """.formatted(gomaxprocs, sleep ? "\nimport \"time\"\n" : "", rounds, sleep ? "\ttime.Sleep(time.Hour)\n" : ""), "pingpong.go");
    }
}
