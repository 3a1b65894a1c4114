// gmplab: name="8 goroutines yielding with runtime.Gosched" gomaxprocs=2
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
		go spinner(i)
	}
	wg.Wait()
}

func spinner(id int) {
	for range 50 {
		work(20 * time.Microsecond)
		runtime.Gosched()
	}
	wg.Done()
}
