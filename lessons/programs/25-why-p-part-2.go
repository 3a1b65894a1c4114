// gmplab: name="one burst of 4,000 goroutines at GOMAXPROCS 8, then at 16" gomaxprocs=16 seed=1 runqsize=256 scheduler=go1.0 runtimegoroutines=off
//
// Lesson 25: burst starts 16 spawners, each of which starts 250 tiny goroutines; it runs at GOMAXPROCS 8,
// then at 16. warmUp first starts a thread for each of the 16 Ps, so that the bursts do not pay for them.
// The lesson runs it under Go 1.0's scheduler first, then again under G-M-P.
package main

import (
	"runtime"
	"sync"
	"time"
)

var wg sync.WaitGroup

func burst() {
	wg.Add(16 * 250)
	for s := 0; s < 16; s++ {
		go func() {
			for i := 0; i < 250; i++ {
				go func() {
					work(100 * time.Nanosecond)
					wg.Done()
				}()
			}
		}()
	}
	wg.Wait()
}

func warmUp() {
	wg.Add(16)
	for i := 0; i < 16; i++ {
		go func() {
			work(time.Millisecond)
			wg.Done()
		}()
	}
	wg.Wait()
}

func main() {
	warmUp()
	runtime.GOMAXPROCS(8)
	burst()
	runtime.GOMAXPROCS(16)
	burst()
}
