// gmplab: name="homework 4: a patient sysmon" gomaxprocs=2 seed=1 runqsize=256
//
// Homework 4 (homework/04-retake-slow.json). Change one line of this program until
//   java -jar target/gmplab.jar verify homework/
// says "ok   retake-slow".
package main

import "time"

func main() {
	go func() {
		work(100 * time.Microsecond)
	}()
	syscall(20 * time.Millisecond) // a system call: P0 stays behind in _Psyscall
}
