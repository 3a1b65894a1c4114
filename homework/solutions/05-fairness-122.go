// gmplab: name="homework 5, solution" gomaxprocs=1 seed=1 runqsize=256
//
// Reference solution of homework 5 (homework/05-fairness-122.json): the yielder is created after 100
// workers, so it runs, and yields to the global queue, after schedtick 61 has passed with the global
// queue empty. The next look at the global queue whatever the local one holds is at schedtick 122.
package main

import (
	"runtime"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(201)
	for i := 0; i < 100; i++ {
		go func() {
			work(100 * time.Microsecond)
			wg.Done()
		}()
	}
	go func() { // the yielder: runtime.Gosched puts it in the global queue
		runtime.Gosched()
		wg.Done()
	}()
	for i := 0; i < 100; i++ {
		go func() {
			work(100 * time.Microsecond)
			wg.Done()
		}()
	}
	wg.Wait()
}
