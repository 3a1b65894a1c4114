package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Code;
import org.gmplab.scenario.CompiledProgram;
import org.gmplab.scenario.Insn;
import org.gmplab.scenario.IntExpr;

/**
 * What Go 1.23's {@code runtime.main} does before it calls {@code main.main}, and the runtime's own
 * goroutines it starts (GO-SCHEDULER.md 1.13). G1 runs {@code runtime.main}: with sysmon started
 * ({@code mainStarted}, so {@code go} statements now wake Ps), it locks itself to M0 for the package
 * inits ({@code lockOSThread}), and
 * <ul>
 *   <li>the runtime's {@code init} starts G2 {@code forcegchelper}, which parks at once ("force gc (idle)");</li>
 *   <li>{@code gcenable} starts G3 {@code bgsweep} and G4 {@code bgscavenge} and waits on a channel
 *       ({@code <-c} twice) until each has started and signalled, then parks ("GC sweep wait",
 *       "GC scavenge wait");</li>
 *   <li>the {@code os} package's init sets the first finalizer, which starts G5 {@code runfinq}
 *       ("finalizer wait");</li>
 * </ul>
 * then unlocks and calls {@code main.main}. So user goroutines start at G6, the Ps' schedticks have moved,
 * and because M0 may run nothing but G1 while locked, each of G1's waits hands P0 to another M
 * ({@code stoplockedm}): that is where Go's extra, idle thread comes from. Nothing here wakes these
 * goroutines again (there is no garbage collector), so they stay parked for the whole run.
 */
final class RuntimeMain {
    /** G1's start function. */
    static final String MAIN = "runtime.main";

    private RuntimeMain() {}

    /** {@code program} with runtime.main and the runtime's goroutines added; runtime.main is its entry. */
    static CompiledProgram wrap(CompiledProgram program) {
        List<Code> fns = new ArrayList<>(program.functions());
        int main = fns.size(), forcegc = main + 1, bgsweep = main + 2, bgscavenge = main + 3, runfinq = main + 4;
        IntExpr c = locals -> locals[0];
        IntExpr[] none = {}, withC = {c};
        fns.add(new Code(main, MAIN, 0, 1, List.of(
                new Insn.LockOSThread(true, "lockOSThread() // during package init"),
                new Insn.Go(forcegc, none, "go forcegchelper() // runtime's init"),
                new Insn.MakeChan(0, locals -> 2, "c := make(chan int, 2) // gcenable"),
                new Insn.Go(bgsweep, withC, "go bgsweep(c)"),
                new Insn.Go(bgscavenge, withC, "go bgscavenge(c)"),
                new Insn.Recv(c, -1, "<-c"),
                new Insn.Recv(c, -1, "<-c"),
                new Insn.Go(runfinq, none, "go runfinq() // os's init sets the first finalizer: createfing"),
                new Insn.LockOSThread(false, "unlockOSThread()"),
                new Insn.MainMain(program.mainIndex(), "main.main()"))));
        fns.add(new Code(forcegc, "runtime.forcegchelper", 0, 0, List.of(
                new Insn.Park("force gc (idle)", "goparkunlock(&forcegc.lock, waitReasonForceGCIdle)"))));
        fns.add(new Code(bgsweep, "runtime.bgsweep", 1, 1, List.of(
                new Insn.Send(c, locals -> 1, "c <- 1"),
                new Insn.Park("GC sweep wait", "goparkunlock(&sweep.lock, waitReasonGCSweepWait)"))));
        fns.add(new Code(bgscavenge, "runtime.bgscavenge", 1, 1, List.of(
                new Insn.Send(c, locals -> 1, "c <- 1"),
                new Insn.Park("GC scavenge wait", "scavenger.park()"))));
        fns.add(new Code(runfinq, "runtime.runfinq", 0, 0, List.of(
                new Insn.Park("finalizer wait", "gopark(finalizercommit, …, waitReasonFinalizerWait)"))));
        return new CompiledProgram(fns, program.globals(), main);
    }
}
