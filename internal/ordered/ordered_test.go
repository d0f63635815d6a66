package ordered

import (
	"errors"
	"io"
	"reflect"
	"testing"
)

// counter reads the jobs 1..n, each of size 10, then err (io.EOF for none).
func counter(n int, err error) func() (int, int, error) {
	i := 0
	return func() (int, int, error) {
		if i == n {
			return 0, 0, err
		}
		i++
		return i, 10, nil
	}
}

func square() func(*int) { return func(j *int) { *j *= *j } }

func TestStreamKeepsOrder(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"one worker", Options{Workers: 1}},
		{"three workers, batches of 4", Options{Workers: 3, Batch: 4}},
		{"two workers, batches of 25 bytes", Options{Workers: 2, Batch: 100, BatchBytes: 25}},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := c.opt
			s := NewStream(opt, counter(50, io.EOF), square)
			var got []int
			for {
				j, err := s.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%+v: %v", opt, err)
				}
				got = append(got, *j)
			}
			s.Wait()
			for i, v := range got {
				if v != (i+1)*(i+1) {
					t.Fatalf("%+v: job %d is %d, want %d", opt, i, v, (i+1)*(i+1))
				}
			}
			if len(got) != 50 {
				t.Errorf("%+v: %d jobs, want 50", opt, len(got))
			}
		})
	}
}

func TestStreamBatches(t *testing.T) {
	t.Parallel()
	// 25 bytes close a batch at its third job of 10 bytes; 7 jobs make
	// batches of 3, 3 and 1
	s := NewStream(Options{Workers: 2, Batch: 100, BatchBytes: 25}, counter(7, io.EOF), square)
	var got [][]int
	for {
		b, err := s.Batch()
		if err == io.EOF {
			break
		}
		got = append(got, b)
	}
	want := [][]int{{1, 4, 9}, {16, 25, 36}, {49}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("batches %v, want %v", got, want)
	}
}

func TestStreamReadError(t *testing.T) {
	t.Parallel()
	bad := errors.New("bad read")
	s := NewStream(Options{Workers: 2, Batch: 2}, counter(3, bad), square)
	var got []int
	var err error
	for err == nil {
		var j *int
		if j, err = s.Next(); err == nil {
			got = append(got, *j)
		}
	}
	if err != bad || !reflect.DeepEqual(got, []int{1, 4, 9}) {
		t.Errorf("got %v then %v, want [1 4 9] then %v", got, err, bad)
	}
}

func TestStreamCloseEarly(t *testing.T) {
	t.Parallel()
	s := NewStream(Options{Workers: 2}, counter(1000, io.EOF), square)
	if j, err := s.Next(); err != nil || *j != 1 {
		t.Fatalf("first job %v, %v", j, err)
	}
	s.Close()
	s.Close()
	s.Wait() // returns: the splitter and the workers end
	NewStream(Options{}, counter(1, io.EOF), square).Close()
}

func TestQueue(t *testing.T) {
	t.Parallel()
	var got []int
	q := NewQueue(Options{Workers: 3}, square, func(j *int) error { got = append(got, *j); return nil })
	for i := 1; i <= 20; i++ {
		if err := q.Put(i, i%3 != 0); err != nil { // every third passed through as it is
			t.Fatal(err)
		}
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		want := (i + 1) * (i + 1)
		if (i+1)%3 == 0 {
			want = i + 1
		}
		if v != want {
			t.Fatalf("job %d is %d, want %d", i, v, want)
		}
	}
	if len(got) != 20 {
		t.Errorf("%d jobs, want 20", len(got))
	}
}

func TestQueueOutError(t *testing.T) {
	t.Parallel()
	stop := errors.New("stop")
	n := 0
	q := NewQueue(Options{Workers: 1}, square, func(j *int) error { n++; return stop })
	var err error
	for i := 1; i <= 10 && err == nil; i++ {
		err = q.Put(i, false)
	}
	if cerr := q.Close(); err != stop || cerr != stop || n != 1 {
		t.Errorf("Put %v, Close %v, out called %d times; want %v, %v, 1", err, cerr, n, stop, stop)
	}
}
