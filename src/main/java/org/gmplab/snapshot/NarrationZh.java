package org.gmplab.snapshot;

import static org.gmplab.snapshot.Narration.g;
import static org.gmplab.snapshot.Narration.gs;

import org.gmplab.snapshot.Event.*;

/**
 * The "why" of each kind of event in Chinese, with the same numbers as {@link Narration}'s English. Go's
 * names (functions, fields, states such as {@code _Psyscall}) stay as Go spells them, as the learner will
 * search for them in {@code proc.go}.
 */
final class NarrationZh implements Event.Visitor<String> {
    static final NarrationZh ZH = new NarrationZh();

    private NarrationZh() { }

    /**
     * The engine's fixed phrases that events carry (who readied, why an M spins), in Chinese; anything else
     * (an instruction's text, a mutex's words) is shown as the engine wrote it.
     */
    private static final java.util.Map<String, String> PHRASES = java.util.Map.ofEntries(
            java.util.Map.entry("sends on", "发送到"),
            java.util.Map.entry("receives from", "接收自"),
            java.util.Map.entry("closes", "关闭"),
            java.util.Map.entry("selects a receive from", "在 select 中接收自"),
            java.util.Map.entry("selects a send on", "在 select 中发送到"),
            java.util.Map.entry("the timer", "计时器"),
            java.util.Map.entry("needspinning=1: an M found work but no idle P for a spinner", "needspinning=1：有个 M 找到了工作，但没有空闲的 P 给自旋者"),
            java.util.Map.entry("the re-check found Gs in the global queue", "再次检查时发现全局队列中有 G"),
            java.util.Map.entry("the re-check found a busy P with queued Gs: steal from it", "再次检查时发现一个忙碌的 P 有排队的 G：从它那里窃取"),
            java.util.Map.entry("back from the poller with a P", "从轮询器回来并拿到了 P"));

    private static String phrase(String english) { return PHRASES.getOrDefault(english, english); }

    @Override public String visit(Go e) {
        String by = e.creator() < 0 ? "" : g(e.creator()) + "：";
        return switch (e.to()) {
            case RUNNEXT -> by + "go " + e.fn() + "() 创建 " + g(e.g()) + "，放入 P" + e.p() + " 的 runnext"
                    + (e.kicked() < 0 ? "" : "；原来的 runnext " + g(e.kicked()) + " 被挤到本地队列尾部");
            case GLOBAL -> by + "go " + e.fn() + "() 在调度器锁下创建 " + g(e.g()) + "，gput 把它追加到唯一的全局队列（现有 " + e.global()
                    + " 个）；没有 P，也没有本地队列";
            case M0 -> "go " + e.fn() + "() 创建 " + g(e.g()) + " 并交给 M" + e.m() + "（mcpu=" + e.mcpu() + "）；Go 1.0 调度器：一把锁下的一个全局队列，没有 P";
        };
    }

    @Override public String visit(RunqPutSlow e) {
        return "P" + e.p() + " 的本地队列已满（" + e.capacity() + "）→ runqputslow 把最老的一半（" + (e.moved() - 1) + "）加一个，共 "
                + e.moved() + " 个 G 移到全局队列（现有 " + e.global() + " 个）";
    }

    @Override public String visit(GlobRunqGet e) {
        return e.fairness()
                ? "P" + e.p() + "：schedtick " + e.schedtick() + " 是 " + e.fairnessTick() + " 的倍数 → 先从全局队列取一个 G（" + g(e.g()) + "），免得它饿死"
                : "P" + e.p() + "：本地队列为空 → 从全局队列取 n = min(" + e.before() + "/" + e.gomaxprocs() + "+1, " + e.before() + ", "
                  + e.capacity() / 2 + ") = " + e.n() + " 个（运行 " + g(e.g()) + "，排队 " + (e.n() - 1) + " 个）";
    }

    @Override public String visit(Steal e) {
        String round = "P" + e.p() + "：第 " + e.round() + "/" + e.tries() + " 轮窃取，";
        return e.runnext()
                ? round + "P" + e.victim() + " 的环形队列中有 0 个 → 取走它的 runnext " + g(e.g())
                  + (e.backoff() ? "（先 usleep(3) 退避）" : "") + "（只有最后一轮才取 runnext）"
                : round + "受害者 P" + e.victim() + " 有 " + e.had() + " 个 → 取走 " + e.took() + " 个（一半，向上取整）；立即运行 " + g(e.g())
                  + "，排队 " + (e.took() - 1) + " 个";
    }

    @Override public String visit(Execute e) {
        if (e.go10()) return "M" + e.m() + " 运行 " + g(e.g()) + "（没有 P：任何 M 都可以运行任何 G，所以它很少回到上次运行的地方）";
        return e.inheritTime()
                ? "M" + e.m() + " 运行 P" + e.p() + " 的 runnext 中的 " + g(e.g()) + "：继承当前时间片（schedtick 仍为 " + e.schedtick() + "）"
                : "M" + e.m() + " 在 P" + e.p() + " 上运行 " + g(e.g()) + "：新的时间片（schedtick " + (e.schedtick() - 1) + "→" + e.schedtick() + "）";
    }

    @Override public String visit(Park e) {
        String on = g(e.g()) + " 阻塞（" + e.reason() + "）于 " + e.on() + (e.queued() != null ? "（" + e.queued() + "）" : "");
        return e.go10() ? on + "：M" + e.m() + " 回到 schedule" : on + "：M" + e.m() + " 保留 P" + e.p() + "，调度另一个 G";
    }

    @Override public String visit(Ready e) {
        String by = (e.by() < 0 ? "" : g(e.by()) + " ") + phrase(e.how()) + (e.on() == null ? "" : " " + e.on());
        return e.go10()
                ? by + " 唤醒 " + g(e.g()) + "：在调度器锁下放到唯一全局队列的尾部（现有 " + e.global() + " 个）"
                : by + " 唤醒 " + g(e.g()) + "，放入 P" + e.p() + " 的 runnext" + (e.kicked() < 0 ? "" : "（" + g(e.kicked()) + " 被挤到尾部）");
    }

    @Override public String visit(Gosched e) {
        if (e.goyield()) return g(e.g()) + " 移交互斥锁后让出（goyield）：它去 P" + e.p() + " 本地队列的尾部，runnext 中的新持有者立即运行";
        if (e.go10()) return g(e.g()) + " 调用了 runtime.Gosched()：schedule 会把它放到全局队列尾部";
        return g(e.g()) + (e.injected() ? " 调用了 runtime.Gosched()（从外部注入）" : " 调用了 runtime.Gosched()")
                + "：它去全局队列的尾部（现有 " + e.global() + " 个），而不是本地队列，这样每个 P 都能取到它";
    }

    @Override public String visit(Preempt e) {
        return e.runnext()
                ? g(e.g()) + " 因 stop-the-world 被抢占：它留在 P" + e.p() + " 的 runnext 中（Go 1.26），世界重新启动时先运行"
                  + (e.kicked() < 0 ? "" : "（" + g(e.kicked()) + " 被挤到尾部）")
                : g(e.g()) + " 被抢占：它去全局队列的尾部（现有 " + e.global() + " 个），而不是本地队列，这样每个 P 都能取到它";
    }

    @Override public String visit(GoExit e) {
        return e.go10()
                ? g(e.g()) + " 返回：schedule 把它的 G 放到唯一的空闲列表（gfput，在调度器锁下）"
                : g(e.g()) + " 返回：它已结束，它的 G 进入 P" + e.p() + " 的空闲列表（gfreecnt=" + e.gfreecnt() + "），供以后的 go 语句复用";
    }

    @Override public String visit(StartM e) {
        return e.lockedg()
                ? "startlockedm：" + g(e.g()) + " 锁定在 M" + e.m() + " 上 → M" + e.by() + " 把 P" + e.p() + " 直接交给 M" + e.m() + "，唤醒它，自己去空闲 M 列表睡眠"
                : "startm：唤醒空闲的 M" + e.m() + " 并交给它 P" + e.p() + (e.spinning() ? "，让它自旋：寻找可窃取的工作" : "，去运行其中的工作");
    }

    @Override public String visit(NewM e) {
        return switch (e.purpose()) {
            case P -> "newm：没有空闲的 M，于是为 P" + e.p() + " 创建新线程 M" + e.m() + "（threads=" + e.threads()
                    + "；启动一个线程约需 " + e.newmCost() / 1000 + " µs，一个 goroutine 约 " + e.newprocCost() + " ns）";
            case SYSMON -> "runtime.main 在独立线程 M" + e.m() + " 上启动 sysmon，不带 P：它从系统调用中收回 P、抢占长时间运行的 G、轮询网络";
            case MATCHMG -> "matchmg：没有空闲的 M，于是创建新线程 M" + e.m() + "（threads=" + e.threads() + "）";
        };
    }

    @Override public String visit(StopM e) {
        return switch (e.reason()) {
            case IDLE -> "M" + e.m() + " 没有 P，也无事可做：它在空闲 M 列表上睡眠（idlethreads=" + e.nmidle() + "）；线程从不销毁";
            case LOCKED -> "stoplockedm：M" + e.m() + " 锁定于 " + g(e.g()) + "（lockOSThread：初始化期间的 runtime.main），它现在不能运行；M" + e.m()
                    + " 不能运行别的 G" + (e.handedOff() >= 0 ? "，所以交出 P" + e.handedOff() : "") + "，睡眠直到 " + g(e.g()) + " 再次可运行";
            case GO10 -> "nextgandunlock：" + (e.globalEmpty() ? "全局队列为空" : "mcpu=" + e.mcpu() + " 已达到 mcpumax=" + e.mcpumax())
                    + " → M" + e.m() + " 进入空闲 M 列表（mput），睡眠直到 matchmg 交给它一个 G";
        };
    }

    @Override public String visit(Spinning e) {
        String why = e.reason() != null ? phrase(e.reason())
                : "2*nmspinning=" + 2 * (e.nmspinning() - 1) + " < 忙碌的 P=" + e.busy() + "（自旋的 M 最多为忙碌 P 的一半）";
        return "M" + e.m() + " 开始自旋（寻找可窃取的工作）：" + why;
    }

    @Override public String visit(SpinningStop e) {
        return e.foundWork()
                ? "M" + e.m() + " 找到工作，停止自旋；它调用 wakep，让另一个 M 接着寻找"
                : "M" + e.m() + " 睡眠前先停止自旋，然后把每个队列再查一遍（\"delicate dance\"：期间提交的新工作不会丢失）";
    }

    @Override public String visit(Pidle e) {
        return "M" + e.m() + " 找不到可运行的：P" + e.p() + " 进入空闲列表（idleprocs=" + e.npidle() + "）";
    }

    @Override public String visit(GfreeSpill e) {
        return "gfput：P" + e.p() + " 的空闲列表达到 " + e.spillAt() + " → 把 " + e.moved() + " 个移到全局空闲列表，保留 " + e.kept() + " 个";
    }

    @Override public String visit(GfreeRefill e) {
        return "gfget：P" + e.p() + " 的空闲列表为空 → 从全局空闲列表移来 " + e.moved() + " 个已结束的 G（最多 " + e.refillTo() + " 个）";
    }

    @Override public String visit(NeedSpinning e) {
        return "wakep：有新工作，但没有空闲的 P，所以没有 M 能开始自旋；needspinning=1 让下一个将要空闲的 M 改为自旋";
    }

    @Override public String visit(EnterSyscall e) {
        String g = g(e.g()), call = g + " 进入系统调用（" + e.nanos() / 1000 + " µs）";
        return switch (e.rules()) {
            case GO123 -> call + "：M" + e.m() + " 和它一起阻塞在内核中；P" + e.p() + " 留在 _Psyscall，无人拥有，调用短的话 M" + e.m()
                    + " 会把它拿回 — 否则 sysmon 会收回它";
            case GO123_BLOCKING -> g + " 进入已知会阻塞的系统调用（" + e.nanos() / 1000 + " µs）：entersyscallblock 立即交出 P" + e.p();
            case GO126 -> call + "：M" + e.m() + " 和它一起阻塞在内核中，并保留 P" + e.p() + "，P 仍为 _Prunning（Go 1.26：没有 _Psyscall）— 调用持续的话 sysmon 会拿走它";
            case GO126_STOPPING -> call + "：M" + e.m() + " 和它一起阻塞在内核中；世界正在停止，所以 P" + e.p() + " 立即停止";
            case GO10 -> call + "：M" + e.m() + " 和它一起阻塞在内核中；在调度器锁下 mcpu 降为 " + e.mcpu()
                    + (e.global() != 0 ? "，matchmg 让另一个 M 运行排队的 G" : "");
        };
    }

    @Override public String visit(ExitSyscall e) {
        String why = switch (e.how()) {
            case OLD_P -> "原来的 P" + e.p() + " 仍在 _Psyscall → 直接拿回（快速路径）";
            case IDLE_P -> (e.oldp() < 0 ? "它已交出自己的 P" : "P" + e.oldp() + " 已被收回") + " → 取得空闲的 P" + e.p() + "（快速路径）";
            case SLOW_IDLE_P -> "快速路径上没有 P，但在 sched.lock 下有空闲的 P" + e.p() + " → 在它上面运行（慢速路径）";
            case GLOBAL -> "得不到 P → " + g(e.g()) + " 进入全局队列（现有 " + e.global() + " 个），M" + e.m() + " 去睡眠（慢速路径）";
            case KEPT_P -> "它仍拥有 P" + e.p() + " → 继续运行（快速路径：没人拿走这个 P）";
            case TOOK_BACK -> "P" + e.p() + " 曾被拿走，但拿走它的 M" + e.holderM() + " 现在正和 " + g(e.holderG()) + " 一起在系统调用中 → 把 P" + e.p() + " 拿回来";
            case IDLE_P_126 -> (e.oldp() < 0 ? "它已交出自己的 P" : "P" + e.oldp() + " 已被拿走") + " → 取得空闲的 P" + e.p();
            case GO10_FAST -> "mcpu=" + e.mcpu() + " ≤ mcpumax=" + e.mcpumax() + " → 立即继续运行（快速路径）";
            case GO10_SLOW -> "mcpu=" + e.mcpu() + " > mcpumax=" + e.mcpumax() + "：所有 cpu 都被占用 → 回到全局队列（慢速路径）";
        };
        return g(e.g()) + " 从系统调用返回：" + why;
    }

    @Override public String visit(Retake e) {
        String waiting = e.runqEmpty() ? "" : "，有 " + e.runq() + " 个 G 在等待";
        return e.go126()
                ? "sysmon：P" + e.p() + " 是 _Prunning，但它的 M" + e.holderM() + " 已在同一个系统调用中（syscalltick " + e.syscalltick()
                  + " 未变）至少一个 sysmon 周期（现已 " + e.inSyscall() / 1000 + " µs）" + waiting
                  + " → 把 " + g(e.holderG()) + " 留在调用中（setBlockOnExitSyscall），拿走 P" + e.p() + " 并交出"
                : "sysmon：P" + e.p() + " 的 syscalltick（" + e.syscalltick() + "）自 sysmon 上次查看以来没变，所以它的 M 已在同一个系统调用中"
                  + "至少一个 sysmon 周期（现已 " + e.inSyscall() / 1000 + " µs）" + waiting + " → 收回 P" + e.p() + " 并交出";
    }

    @Override public String visit(Handoffp e) {
        String why = switch (e.rule()) {
            case 1 -> "它有工作（本地队列 " + e.runq() + (e.runnext() ? " + runnext" : "") + "，全局队列 " + e.global() + "）→ startm";
            case 4 -> "没有工作，但没有 M 在自旋、也没有空闲的 P → 启动一个自旋的 M 去找工作";
            case 5 -> "世界正在停止 → P" + e.p() + " 停止（_Pgcstop）";
            case 7 -> "全局队列有工作（" + e.global() + "）→ startm";
            case 8 -> "它是最后一个运行中的 P，且没人轮询网络 → startm";
            case 9 -> "无事可做 → P" + e.p() + " 变为空闲" + (e.timers() ? "；它的计时器会唤醒轮询器" : "");
            default -> "规则 " + e.rule();
        };
        return "handoffp(P" + e.p() + ")：" + why;
    }

    @Override public String visit(PreemptRequest e) {
        return "sysmon：" + g(e.g()) + " 已在 P" + e.p() + " 的 schedtick " + e.schedtick() + " 上运行了 " + e.ran() / 1_000_000
                + " ms（≥ 10 ms）→ 要求它在下一个安全点停下";
    }

    @Override public String visit(Timer e) {
        return e.go10()
                ? "M" + e.m() + " 运行到期的计时器：" + g(e.g()) + " 的 time.Sleep 结束了"
                : "P" + e.p() + " 运行" + (e.timersOf() == e.p() ? "自己" : " P" + e.timersOf() + " ") + "的到期计时器：" + g(e.g()) + " 的 time.Sleep 结束了";
    }

    @Override public String visit(Netpoll e) {
        String list = gs(e.ready());
        String rest = e.ready().size() > 1 ? "（第一个立即运行，其余的被注入）" : "";
        return switch (e.by()) {
            case NON_BLOCKING -> "findRunnable 的非阻塞轮询：" + list + " 的数据到了" + rest;
            case POLLER -> "轮询器：" + list + " 的数据到了" + rest;
            case POLLER_NO_P -> "轮询器（没有空闲的 P：放入全局队列）：" + list + " 的数据到了" + rest;
            case SYSMON -> "sysmon：超过 10 ms 没人轮询网络 → 它来轮询：" + list + " 的数据到了（放入全局队列）";
            case START_THE_WORLD -> "启动世界：一次非阻塞 netpoll 发现 " + list + " 的数据到了（injectglist：放入 P" + e.p() + " 的本地队列，因为没有空闲的 P）";
            case GO10_WAKE -> "M" + e.m() + " 在轮询器中醒来：" + list + " 的数据到了";
            case GO10_POLL -> "M" + e.m() + " 轮询网络：" + list + " 的数据到了";
        };
    }

    @Override public String visit(NetpollBlock e) {
        long until = e.until(), delay = e.delay();
        if (e.go10()) return "M" + e.m() + " 无事可做：它阻塞在轮询器中，直到" + (until != 0 ? "下一个计时器（" + until / 1000 + " µs）或" : "") + "下一次网络到达";
        return "M" + e.m() + " 没有 P，也没有可运行的：它阻塞在网络轮询器中，直到"
                + (until != 0 ? "下一个计时器（" + until / 1000 + " µs）：epoll_pwait 以整毫秒等待，所以"
                        + (delay == 0 ? "它只轮询一次" : delay / 1000 + " µs " + (delay < 1_000_000 ? "变成 1 ms" : "被截为 " + e.waitms() + " ms")
                           + "（加上内核的计时器松弛）") + "，或"
                  : "")
                + "下一次网络到达";
    }

    @Override public String visit(Stw e) {
        return switch (e.phase()) {
            case STOP -> "为 " + e.reason() + " 停止世界：空闲的 P 和系统调用中的 P 立即停止"
                    + (e.waits() ? "；等待 " + e.stopwait() + " 个运行中的 P 到达调度器（要求它们的 G 停下）" : "");
            case P_STOPS -> "M" + e.m() + " 看到世界正在停止：P" + e.p() + " 停止（_Pgcstop）" + (e.last() ? "；它是最后一个" : "");
            case START -> "启动世界：" + (e.runnable() == 0 ? "停止的 P 中没有排队的工作" : e.runnable() + " 个有排队工作的 P 得到 M");
        };
    }

    @Override public String visit(Procresize e) {
        return e.go10()
                ? g(e.g()) + " 调用 runtime.GOMAXPROCS(" + e.n() + ")：在调度器锁下 mcpumax " + e.old() + " → " + e.n() + "；没有 P 需要创建或销毁"
                : "procresize：GOMAXPROCS " + e.old() + " → " + e.n() + (e.n() < e.old()
                        ? "；被移除的 P 的队列放到全局队列头部（现有 " + e.global() + " 个），所以它们先运行"
                        : "；新的 P 以空闲状态开始");
    }

    @Override public String visit(Sysmon e) {
        long sleep = e.sleep();
        return "sysmon：所有 P 都空闲 → 深度睡眠 " + (sleep >= 1_000_000 ? sleep / 1_000_000 + " ms" : sleep / 1000 + " µs")
                + "（直到下一个计时器，最多 60 s），除非被系统调用唤醒";
    }

    @Override public String visit(Inject e) { return "你注入了：" + e.what(); }

    @Override public String visit(MatchMG e) {
        String pending = "有计时器或网络读取在等待，而没有 M 在等它（Go 1.0 的 timerproc 有自己的 M）：";
        if (e.poller()) return pending + (e.fresh() ? "新线程 M" + e.m() + " 将在轮询器中等待" : "唤醒空闲的 M" + e.m() + " 去轮询器中等待");
        return "matchmg：mcpu " + (e.mcpu() - 1) + " < mcpumax " + e.mcpumax() + " → " + g(e.g()) + " 离开全局队列，交给"
                + (e.fresh() ? "新线程 M" + e.m() : "空闲的 M" + e.m()) + "（mcpu=" + e.mcpu() + "）";
    }

    @Override public String visit(NextG e) {
        String from = switch (e.from()) {
            case NEXTG -> "它的 nextg（由 matchmg 交来）";
            case NEXTG_SLEPT -> "它的 nextg，在它睡眠时由 matchmg 交来";
            case GLOBAL -> "全局队列的头部（还剩 " + e.left() + " 个）；mcpu=" + e.mcpu() + "，mcpumax=" + e.mcpumax();
        };
        return "nextgandunlock：M" + e.m() + " 取得 " + g(e.g()) + " — " + from + " — 并释放调度器锁";
    }

    @Override public String visit(SchedLock e) {
        return (e.m() < 0 ? "控制器" : "M" + e.m()) + " 等待调度器锁 " + e.waited() + " ns，以便" + e.what().replace("%d", Long.toString(e.n()))
                + "：另一个 M 持有它（到目前为止 " + e.acquisitions() + " 次获取中有 " + e.contended() + " 次争用）";
    }

    @Override public String visit(Exit e) { return "main 返回：程序退出，不管其他 goroutine 在做什么（与 Go 相同）"; }

    @Override public String visit(Fatal e) { return e.message(); }

    @Override public String visit(Real e) { return e.words(); }
}
