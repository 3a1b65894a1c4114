// A 1 ms nanosleep(2), 2,000 times, three rounds: how long it takes and how much CPU time the sleeping thread
// pays for it (getrusage RUSAGE_THREAD). SleepBench gives the same figures for Java's ways to sleep; on a virtual
// machine most of a sleep's CPU is the hypervisor's halt and wake-up, the same for both (docs/benchmarks.md,
// "Round 12"). Run: go run main.go (any Go since 1.17, on Linux).
package main

import (
	"fmt"
	"runtime"
	"sort"
	"syscall"
	"time"
)

func tcpu() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func main() {
	runtime.LockOSThread()
	ts := syscall.Timespec{Nsec: int64(time.Millisecond)}
	for r := 0; r < 3; r++ {
		const n = 2000
		d := make([]int64, n)
		c0 := tcpu()
		for i := 0; i < n; i++ {
			t0 := time.Now()
			syscall.Nanosleep(&ts, nil)
			d[i] = time.Since(t0).Nanoseconds()
		}
		c := tcpu() - c0
		sort.Slice(d, func(a, b int) bool { return d[a] < d[b] })
		fmt.Printf("nanosleep 1 ms: median %.1f µs, p90 %.1f µs, thread CPU %.2f µs a sleep\n", float64(d[n/2])/1e3, float64(d[n*9/10])/1e3, float64(c)/n/1e3)
	}
}
