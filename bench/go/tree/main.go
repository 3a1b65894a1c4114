// Fan-out tree: every node of a binary tree of depth 20 (2,097,151 nodes) is a goroutine that starts
// its two children with go statements, without waiting for them; all meet at one wait group.
// The same workload as gmplab.go beside it; LiveVsGoBench runs both.
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

var wg sync.WaitGroup

func tree(d int) {
	if d > 0 {
		go tree(d - 1)
		go tree(d - 1)
	}
	wg.Done()
}

func main() {
	depth := 20
	if len(os.Args) > 1 {
		depth, _ = strconv.Atoi(os.Args[1])
	}
	n := 1<<(depth+1) - 1
	wg.Add(n)
	c0 := cpu()
	t0 := time.Now()
	go tree(depth)
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
