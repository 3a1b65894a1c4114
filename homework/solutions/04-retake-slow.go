// gmplab: name="homework 4, solution" gomaxprocs=2 seed=1 runqsize=256
//
// Reference solution of homework 4 (homework/04-retake-slow.json): the goroutine is started after the
// call, not before it. During the call P0's queue is empty and P1 is idle, so handing P0 off would only
// wake a thread to find nothing: retake leaves it alone until the call is 10 ms old.
package main

import "time"

func main() {
	syscall(20 * time.Millisecond) // a system call: P0 stays behind in _Psyscall
	go func() {
		work(100 * time.Microsecond)
	}()
}
