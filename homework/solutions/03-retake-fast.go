// gmplab: name="homework 3, solution" gomaxprocs=1 seed=1 runqsize=256
//
// Reference solution of homework 3 (homework/03-retake-fast.json): with GOMAXPROCS=1 no P is idle and
// no M spins, so retake does not wait for the call to be 10 ms old: it takes P0 at sysmon's second
// look, one tick after the first. (Giving P0 a G to run, a `go` statement before the call, works too.)
package main

import "time"

func main() {
	syscall(20 * time.Millisecond) // a system call: P0 stays behind in _Psyscall
}
