// gmplab: name="network reads in the netpoller while 2 goroutines compute" gomaxprocs=2
package main

import (
	"sync"
	"time"
)

var wg sync.WaitGroup

func main() {
	wg.Add(6)
	for i := 0; i < 2; i++ {
		go compute()
	}
	for i := 0; i < 4; i++ {
		go conn(i)
	}
	wg.Wait()
}

func compute() {
	for range 100 {
		work(time.Millisecond)
	}
	wg.Done()
}

func conn(id int) {
	for range 10 {
		netread(time.Duration(id+1) * (3 * time.Millisecond))
		work(200 * time.Microsecond)
	}
	wg.Done()
}
