// What one system call costs on this machine, with nothing for the kernel to do: futex(FUTEX_WAKE) on a word
// nobody waits on, and getpid, 200,000 times each, three rounds. On a virtual machine whose hypervisor traps
// every system call this is most of the cost of a park, a wake-up or a sleep (docs/benchmarks.md, "Round 10":
// a Java park that waits makes two such calls, Go's sleep one). Run: go run main.go (any Go since 1.17).
package main

import (
	"fmt"
	"syscall"
	"time"
	"unsafe"
)

func main() {
	var word uint32
	const n = 200000
	for r := 0; r < 3; r++ {
		t0 := time.Now()
		for i := 0; i < n; i++ {
			// FUTEX_WAKE | FUTEX_PRIVATE_FLAG, at most one waiter: there is none
			syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(&word)), 129, 1, 0, 0, 0)
		}
		futex := time.Since(t0)
		t1 := time.Now()
		for i := 0; i < n; i++ {
			syscall.Syscall(syscall.SYS_GETPID, 0, 0, 0)
		}
		getpid := time.Since(t1)
		fmt.Printf("futex wake, nobody waiting: %.0f ns; getpid: %.0f ns\n",
			float64(futex.Nanoseconds())/n, float64(getpid.Nanoseconds())/n)
	}
}
