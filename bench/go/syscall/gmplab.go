// gmplab: name="blocking syscalls" gomaxprocs=2
//
// main.go beside this file, in GMP Lab's subset of Go: 64 goroutines each make 20 blocking system calls
// of 1 ms (syscall.Nanosleep there, the intrinsic syscall(d) here). Ideal: 20 ms.
//go:build ignore

package main

import (
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(64)
	for i := 0; i < 64; i++ {
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				syscall(time.Millisecond)
			}
		}()
	}
	wg.Wait()
}
