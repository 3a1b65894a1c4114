// gmplab: name="main, one worker, a channel: the scheduling loop" gomaxprocs=1 seed=1 runqsize=256 runtimegoroutines=off
//
// Lesson 26: every switch between goroutines goes through g0 and schedule: main parks on a channel,
// the worker yields with runtime.Gosched, sends, and exits.
package main

import (
	"runtime"
	"time"
)

func worker(done chan int) {
	work(20 * time.Microsecond)
	runtime.Gosched()
	work(20 * time.Microsecond)
	done <- 1
}

func main() {
	done := make(chan int)
	go worker(done)
	<-done
}
