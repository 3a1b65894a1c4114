// gmplab: name="channel ping-pong" gomaxprocs=2
//
// main.go beside this file, in GMP Lab's subset of Go: 500,000 round trips (1,000,000 switches) over
// two unbuffered channels.
//go:build ignore

package main

func main() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan struct{})
	go func() {
		for {
			v := <-ping
			pong <- v + 1
		}
	}()
	go func() {
		v := 0
		for i := 0; i < 500000; i++ {
			ping <- v
			v = <-pong
		}
		close(done)
	}()
	<-done
}
