// gmplab: name="8 goroutines sleeping, then working" gomaxprocs=2
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(8)
	for i := 0; i < 8; i++ {
		go sleeper(i)
	}
	wg.Wait()
}

func sleeper(id int) {
	time.Sleep(time.Duration(8-id) * (2 * time.Millisecond))
	work(3 * time.Millisecond)
	wg.Done()
}
