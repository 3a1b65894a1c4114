// gmplab: name="syscalls: 4 readers blocked in read(2) while 2 goroutines compute" gomaxprocs=2
package main

import (
	"sync"
	"time"
)

var wg, computing sync.WaitGroup

func main() {
	computing.Add(2)
	for i := 0; i < 2; i++ {
		go compute(i)
	}
	wg.Add(4)
	for i := 0; i < 4; i++ {
		go reader(i)
	}
	wg.Wait()
	wg.Add(4)
	for i := 0; i < 4; i++ {
		go napper(i)
	}
	wg.Wait()
	computing.Wait()
}

func compute(id int) {
	for range 200 {
		work(10 * time.Millisecond)
	}
	computing.Done()
}

func reader(id int) {
	syscall(time.Second)
	wg.Done()
}

func napper(id int) {
	for range 200 {
		syscall(5 * time.Millisecond)
	}
	wg.Done()
}
