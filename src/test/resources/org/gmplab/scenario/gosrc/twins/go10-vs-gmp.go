// gmplab: name="many short goroutines: Go 1.0's one queue and one lock, or G-M-P" gomaxprocs=4 scheduler=go1.0
// The Go twin of scenarios/go10-vs-gmp.json (lesson 17 runs it under both schedulers).
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(200)
	for i := 0; i < 200; i++ {
		go task(i)
	}
	wg.Wait()
}

func task(id int) {
	work(300 * time.Nanosecond)
	wg.Done()
}
