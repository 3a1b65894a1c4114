// gmplab: name="channel ping-pong, 10000 round trips on 1 P" gomaxprocs=1
package main

var (
	ping = make(chan int)
	pong = make(chan int)
	done = make(chan int)
)

func main() {
	go ponger()
	go pinger()
	<-done
}

func ponger() {
	for range 10000 {
		v := <-ping
		pong <- v + 1
	}
}

func pinger() {
	v := 0
	for range 10000 {
		ping <- v
		v = <-pong
	}
	close(done)
}
