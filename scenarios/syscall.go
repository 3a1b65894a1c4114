// gmplab: name="blocking syscalls and compute" gomaxprocs=2
//
// (c) 4 goroutines block in raw read(2) on empty pipes (blocking fds, so the
// netpoller is NOT used: they go through entersyscall/exitsyscall), while 2
// goroutines compute. At t=1s, main writes to the pipes to release the readers.
// Phase 2 (1s..2s): 4 goroutines loop on syscall.Nanosleep(5ms) while 2 compute.
//
// The reference program go-programs/c_syscall/main.go in GMP Lab's subset of Go:
//   - compute's loop `for !stop.Load() { x++ }` is one work(2 * time.Second), CPU time for the
//     whole run (the program ends when main returns, as in Go);
//   - a reader's syscall.Read on a pipe is syscall(1000 * time.Millisecond): a blocking system call
//     that returns when main writes, at t=1s; main's four syscall.Write calls are short syscalls;
//   - syscall.Nanosleep(5ms) is syscall(5 * time.Millisecond);
//   - dropped, for lack of meaning here: the pipes, the results and counters (fmt, atomics).
package main

import (
	"sync"
	"time"
)

func compute(id int) {
	work(2 * time.Second) // for !stop.Load() { x++; ... }
}

func main() {
	for i := 0; i < 2; i++ {
		go compute(i)
	}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			syscall(1000 * time.Millisecond) // syscall.Read(pipes[i][0], b[:]): blocks in the kernel
		}(i)
	}
	time.Sleep(1000 * time.Millisecond)
	for i := 0; i < 4; i++ {
		syscall(2 * time.Microsecond) // syscall.Write(pipes[i][1], []byte{1})
	}
	wg.Wait()
	// Phase 2: short repeated blocking syscalls.
	done := make(chan struct{})
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				syscall(5 * time.Millisecond) // syscall.Nanosleep(&ts, nil)
			}
		}()
	}
	time.Sleep(1000 * time.Millisecond)
	close(done)
	wg.Wait()
}
