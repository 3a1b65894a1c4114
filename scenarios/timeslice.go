// gmplab: name="time slices of CPU-bound goroutines" gomaxprocs=4
//
// (g) time-slice measurement: N CPU-bound goroutines on GOMAXPROCS Ps.
// Each goroutine notices when it has been (re)scheduled by checking who ran
// last; the length of each uninterrupted run ("slice") is recorded.
//
// The reference program go-programs/g_timeslice/main.go in GMP Lab's subset of Go:
//   - procs is a constant equal to the gomaxprocs setting above (the result of
//     runtime.GOMAXPROCS(0) is not available to a scenario);
//   - one turn of the measuring loop (time.Since, compare, append) is work(50 * time.Microsecond);
//     the slices themselves are what the schedtrace and the event log show;
//   - the stop flag (an atomic.Bool) is a channel main closes, checked with a select;
//   - dropped, for lack of meaning here: the slices, sorting and the RESULT line.
package main

import (
	"sync"
	"time"
)

func main() {
	n := 2
	procs := 4 // runtime.GOMAXPROCS(0)
	if procs > 1 {
		n = procs * 2
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for id := 0; id < n; id++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			running := true
			for running { // for !stop.Load()
				select {
				case <-stop:
					running = false
				default:
					work(50 * time.Microsecond) // now := time.Since(base); if now-last > 200µs { ... }
				}
			}
			mu.Lock()
			// slices = append(slices, mine...)
			mu.Unlock()
		}(id)
	}
	time.Sleep(2 * time.Second)
	close(stop) // stop.Store(true)
	wg.Wait()
}
