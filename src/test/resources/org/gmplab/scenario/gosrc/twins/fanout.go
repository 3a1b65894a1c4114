// gmplab: name="binary fan-out, depth 10" gomaxprocs=4
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(1)
	go tree(10)
	wg.Wait()
}

func tree(depth int) {
	work(10 * time.Microsecond)
	if depth > 0 {
		wg.Add(2)
		go tree(depth - 1)
		go tree(depth - 1)
	}
	wg.Done()
}
