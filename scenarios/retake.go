// gmplab: name="syscall hand-off latency" gomaxprocs=1
//
// (f) syscall hand-off latency: GOMAXPROCS=1. The main goroutine spawns a
// helper (which lands in runnext of the only P) and then blocks in a raw
// read(2) on an empty pipe. The helper can only run after sysmon retakes the P
// from the syscalling M (or, in newer Go, steals it) and hands it to another M.
//
// The reference program go-programs/f_retake/main.go in GMP Lab's subset of Go:
//   - main's syscall.Read is syscall(1 * time.Millisecond): a blocking system call long enough for
//     sysmon to retake the P (a model syscall has a fixed length, so it does not end when the
//     helper writes); the helper's syscall.Write is a short syscall;
//   - the helper sends i instead of time.Since(t0) (time.Now has no meaning here: the events show
//     when the helper ran, and the handoffp that let it);
//   - dropped, for lack of meaning here: the pipe, the latency slice, sorting and the RESULT lines.
package main

import "time"

func main() {
	const iters = 300
	for i := 0; i < iters; i++ {
		res := make(chan int, 1)
		go func() {
			res <- i                        // res <- time.Since(t0)
			syscall(2 * time.Microsecond) // syscall.Write(p[1], []byte{1})
		}()
		syscall(1 * time.Millisecond) // syscall.Read(p[0], b[:]): blocks until the helper runs
		<-res                           // lat = append(lat, <-res)
		if i%50 == 49 {
			time.Sleep(50 * time.Millisecond) // let sysmon back off to long sleeps
		}
	}
}
