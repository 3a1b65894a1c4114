// gmplab: name="spawn 1000" gomaxprocs=2
// The Go twin of scenarios/spawn1000.json (the program docs/scenario-format.md shows next to it).
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(1000)
	for i := 0; i < 1000; i++ {
		go worker(i)
	}
	wg.Wait()
}

func worker(id int) {
	work(1 * time.Millisecond) // burn CPU, no calls into the runtime
	wg.Done()
}
