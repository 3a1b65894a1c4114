// gmplab: name="channel ping-pong" gomaxprocs=2
//
// (d) channel ping-pong between two goroutines over unbuffered channels.
//
// The reference program go-programs/d_pingpong/main.go in GMP Lab's subset of Go:
//   - the pinger stops after a fixed number of round trips instead of at a 2-second deadline
//     (time.Now has no meaning here; the run's virtual time shows how long the rounds took);
//   - the ponger's `for v := range ping` is a loop on v := <-ping: the model's receive cannot tell
//     a closed channel, and the ponger is simply left blocked when main returns;
//   - dropped, for lack of meaning here: `rounds = v` (goroutines share no memory) and the RESULT line.
package main

const rounds = 2000

func main() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan struct{})
	go func() { // ponger
		for {
			v := <-ping
			pong <- v + 1
		}
	}()
	go func() { // pinger
		v := 0
		for i := 0; ; i++ {
			ping <- v
			v = <-pong
			if i == rounds-1 { // i&1023 == 0 && time.Now().After(deadline)
				break
			}
		}
		close(done)
	}()
	<-done
}
