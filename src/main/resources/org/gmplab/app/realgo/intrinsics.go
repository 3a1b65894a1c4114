// intrinsics.go: what GMP Lab's scenario intrinsics are in real Go (linux). Put beside a scenario's .go file
// (with trace_main.go, and the scenario's func main renamed realMain) and it builds as a real Go program.
package main

import (
	"net"
	sys "syscall" // the scenario's syscall function takes the name syscall
	"time"
)

// work burns CPU for d with no scheduling point: only preemption stops it.
func work(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
	}
}

// syscall is a blocking system call of d: the M leaves its P (entersyscall), sysmon may retake it.
func syscall(d time.Duration) {
	ts := sys.NsecToTimespec(d.Nanoseconds())
	sys.Nanosleep(&ts, nil)
}

// netread is a network read on loopback whose data comes after d: the goroutine parks in the netpoller, its M
// goes on. (It starts a helper goroutine the scenario does not have: the real run has one more per read.)
func netread(d time.Duration) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			panic(err)
		}
		time.Sleep(d)
		c.Write([]byte{1})
		c.Close()
	}()
	c, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	defer c.Close()
	c.Read(make([]byte, 1))
}

// The intrinsics a scenario may leave unused: Go refuses unused imports, not unused functions.
var _, _, _ = work, syscall, netread
