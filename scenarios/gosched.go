// gmplab: name="8 goroutines yielding with runtime.Gosched" gomaxprocs=2
//
// (e) extra: 8 goroutines that each call runtime.Gosched() in a loop
// (Gosched puts the caller on the GLOBAL run queue).
//
// The reference program go-programs/e_gosched/main.go in GMP Lab's subset of Go:
//   - the loop `for j := 0; j < 20000; j++ { _ = j * j }` (tens of microseconds) is work(20 * time.Microsecond);
//   - the stop flag (an atomic.Bool) is a channel main closes: each goroutine checks it with a
//     select, as `for !stop.Load()` checks the flag;
//   - dropped, for lack of meaning here: the yields counter (atomics) and the RESULT line.
package main

import (
	"runtime"
	"time"
)

func main() {
	stop := make(chan struct{})
	for i := 0; i < 8; i++ {
		go func() {
			for {
				select { // for !stop.Load()
				case <-stop:
					return
				default:
				}
				work(20 * time.Microsecond) // for j := 0; j < 20000; j++ { _ = j * j }
				runtime.Gosched()
				// yields.Add(1)
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	close(stop) // stop.Store(true)
}
