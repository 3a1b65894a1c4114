// Spawn storm: main starts n goroutines that only call wg.Done, and waits for them.
// Prints the time from the first go statement to the end of wg.Wait, and the threads Go made.
// The same workload as gmplab.go beside it (GMP Lab's subset of Go); LiveVsGoBench runs both.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"sync"
	"syscall"
	"time"
)

func main() {
	n := 1_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	var wg sync.WaitGroup
	wg.Add(n)
	c0 := cpu()
	t0 := time.Now()
	for i := 0; i < n; i++ {
		go func() { wg.Done() }()
	}
	wg.Wait()
	elapsed := time.Since(t0)
	fmt.Printf("elapsed_ns=%d cpu_ns=%d threads=%d units=%d\n", elapsed.Nanoseconds(), cpu()-c0, pprof.Lookup("threadcreate").Count(), n)
}

// cpu is the CPU time this process has used so far (user + system, every thread), in ns.
func cpu() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
