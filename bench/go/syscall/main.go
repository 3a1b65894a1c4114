// Blocking system calls: 64 goroutines each make 20 blocking nanosleep(2) calls of 1 ms, through
// syscall.Syscall (entersyscall/exitsyscall, so sysmon retakes their Ps), nothing else runs. Ideal: 20 ms.
// The same workload as gmplab.go beside it; LiveVsGoBench runs both.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"sync"
	"syscall"
	"time"
)

func main() {
	const goroutines, calls = 64, 20
	if f := os.Getenv("GMPLAB_TRACE"); f != "" {
		// The execution trace the syscall timelines are read from (SyscallTimelines); off in the timed runs.
		out, err := os.Create(f)
		if err != nil {
			panic(err)
		}
		defer out.Close()
		trace.Start(out)
		defer trace.Stop()
	}
	var wg sync.WaitGroup
	wg.Add(goroutines)
	c0 := cpu()
	t0 := time.Now()
	for i := 0; i < goroutines; i++ {
		go func() {
			defer wg.Done()
			ts := syscall.Timespec{Nsec: int64(time.Millisecond)}
			for j := 0; j < calls; j++ {
				syscall.Nanosleep(&ts, nil)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(t0)
	fmt.Printf("elapsed_ns=%d cpu_ns=%d threads=%d units=%d\n", elapsed.Nanoseconds(), cpu()-c0, pprof.Lookup("threadcreate").Count(), goroutines*calls)
}

// cpu is the CPU time this process has used so far (user + system, every thread), in ns.
func cpu() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
