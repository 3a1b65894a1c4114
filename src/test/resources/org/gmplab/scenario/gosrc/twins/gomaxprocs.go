// gmplab: name="runtime.GOMAXPROCS while workers run: 2 Ps, then 4, then 1" gomaxprocs=2
package main

import (
	"runtime"
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(8)
	for i := 0; i < 8; i++ {
		go worker(i)
	}
	time.Sleep(10 * time.Millisecond)
	runtime.GOMAXPROCS(4)
	time.Sleep(10 * time.Millisecond)
	runtime.GOMAXPROCS(1)
	wg.Wait()
}

func worker(id int) {
	for range 20 {
		work(time.Millisecond)
	}
	wg.Done()
}
