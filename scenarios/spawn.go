// gmplab: name="spawn 1000 goroutines" gomaxprocs=2
//
// (a) main spawns 1000 goroutines; each spins ~1ms of CPU, then exits.
//
// The reference program go-programs/a_spawn1000/main.go in GMP Lab's subset of Go:
//   - spin(time.Millisecond), a loop that reads the clock until 1ms has passed, is work(time.Millisecond);
//   - dropped, for lack of meaning here: the sink and the completion-order slice (no slices, and
//     goroutines share no memory: the mutex still guards the same critical section, now empty), and
//     the RESULT lines (time.Now, fmt; the schedtrace and the event log show what happened).
package main

import (
	"sync"
	"time"
)

func main() {
	n := 1000
	var wg sync.WaitGroup
	var mu sync.Mutex
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func(id int) {
			defer wg.Done()
			work(time.Millisecond) // v := spin(time.Millisecond)
			mu.Lock()
			// sink += v; order = append(order, id)
			mu.Unlock()
		}(i)
	}
	wg.Wait()
}
