// gmplab: name="4 CPU-bound goroutines" gomaxprocs=2
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(4)
	for i := 0; i < 4; i++ {
		go burn(i)
	}
	wg.Wait()
}

func burn(id int) {
	work(200 * time.Millisecond)
	wg.Done()
}
