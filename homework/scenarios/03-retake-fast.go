// gmplab: name="homework 3: a long system call" gomaxprocs=2 seed=1 runqsize=256
//
// Homework 3 (homework/03-retake-fast.json). Change one line of this program until
//   java -jar target/gmplab.jar verify homework/
// says "ok   retake-fast".
package main

import "time"

func main() {
	syscall(20 * time.Millisecond) // a system call: P0 stays behind in _Psyscall
}
