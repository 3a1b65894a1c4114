// gmplab: name="producer and consumer: select over two channels with a default" gomaxprocs=2
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

var (
	jobs = make(chan int, 2)
	quit = make(chan int)
)

func main() {
	wg.Add(2)
	go producer(20)
	go consumer()
	wg.Wait()
}

func producer(n int) {
	stalls := 0
	for i := 0; i < n; i++ {
		work(500 * time.Microsecond * time.Duration(i%4))
		select {
		case jobs <- i:
		default:
			stalls = stalls + 1
			jobs <- i
		}
	}
	quit <- 1
	wg.Done()
}

func consumer() {
	running := true
	done := 0
	for running {
		select {
		case j := <-jobs:
			_ = j
			work(time.Millisecond)
			done = done + 1
		case <-quit:
			running = false
		default:
			time.Sleep(time.Millisecond)
		}
	}
	wg.Done()
}
