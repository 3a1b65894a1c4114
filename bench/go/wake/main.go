// How long a thread asleep on a futex takes to run again after another thread wakes it, when it has slept for
// 0.2–2 ms (an idle M woken by startm after a while on the idle list): two OS threads, raw futex wait and wake
// (RawSyscall: no entersyscall/exitsyscall around them),
// no Go scheduler in between. WakeBench does the same with Java's LockSupport.park/unpark; run them side by side.
// Prints the median, p90 and p99 in µs of N wake-ups (default 2000).
package main

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

const futexWait, futexWake = 0, 1

func futex(addr *int32, op int, val int32) {
	syscall.RawSyscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(addr)), uintptr(op), uintptr(val), 0, 0, 0)
}

func main() {
	n := 2000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	var word int32        // 0: asleep (or about to be), 1: woken
	var woke atomic.Int64 // when the sleeper ran again (ns since start)
	start := time.Now()
	ready := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		close(ready)
		for {
			for atomic.LoadInt32(&word) == 0 {
				futex(&word, futexWait, 0)
			}
			woke.Store(int64(time.Since(start)))
			atomic.StoreInt32(&word, 0)
		}
	}()
	<-ready
	runtime.LockOSThread()
	lat := make([]float64, 0, n)
	for i := 0; i < n; i++ {
		ts := syscall.Timespec{Nsec: int64(200_000 + rand.Intn(1_800_000))}
		syscall.Nanosleep(&ts, nil)
		woke.Store(0)
		t0 := int64(time.Since(start))
		atomic.StoreInt32(&word, 1)
		futex(&word, futexWake, 1)
		for woke.Load() == 0 {
			syscall.Nanosleep(&syscall.Timespec{Nsec: 10_000}, nil)
		}
		lat = append(lat, float64(woke.Load()-t0)/1e3)
	}
	sort.Float64s(lat)
	fmt.Printf("Go futex: wake → running, %d wake-ups after 0.2–2 ms asleep: median %.1f µs, p90 %.1f, p99 %.1f\n",
		n, lat[n/2], lat[n*9/10], lat[n*99/100])
}
