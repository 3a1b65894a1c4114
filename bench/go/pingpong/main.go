// Channel ping-pong: two goroutines pass an int back and forth over two unbuffered channels.
// A round trip is two switches (ping → pong, pong → ping); prints the time of all of them.
// The same workload as gmplab.go beside it; LiveVsGoBench runs both.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"
)

func main() {
	rounds := 500_000
	if len(os.Args) > 1 {
		rounds, _ = strconv.Atoi(os.Args[1])
	}
	ping, pong := make(chan int), make(chan int)
	done := make(chan struct{})
	c0 := cpu()
	t0 := time.Now()
	go func() {
		for {
			v := <-ping
			pong <- v + 1
		}
	}()
	go func() {
		v := 0
		for i := 0; i < rounds; i++ {
			ping <- v
			v = <-pong
		}
		close(done)
	}()
	<-done
	elapsed := time.Since(t0)
	fmt.Printf("elapsed_ns=%d cpu_ns=%d threads=%d units=%d\n", elapsed.Nanoseconds(), cpu()-c0, pprof.Lookup("threadcreate").Count(), 2*rounds)
}

// cpu is the CPU time this process has used so far (user + system, every thread), in ns.
func cpu() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
