// gmplab: name="4 goroutines incrementing a counter under a mutex" gomaxprocs=2
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup
var mu sync.Mutex

func main() {
	wg.Add(4)
	for i := 0; i < 4; i++ {
		go incrementer(i)
	}
	wg.Wait()
}

func incrementer(id int) {
	for range 100 {
		work(20 * time.Microsecond)
		mu.Lock()
		work(5 * time.Microsecond)
		mu.Unlock()
	}
	wg.Done()
}
