//! The fresh start of the matching: duals and a matching to start the stages
//! from when there is no previous solution (see [`Solver::init`]), built so
//! that the stages have few vertices left to match on a pairing program's
//! graphs.  Its sweeps of all edges are read-only per vertex and run on two
//! threads on large graphs ([`per_vertex`]).

use super::graph::Graph;
use super::solver::{Solver, NONE};
use super::weight::Weight;

/// A vertex is a hub at a fresh start when it holds up the duals of at least
/// this many single vertices and at least `1 / HUB_SHARE` of them (see
/// [`Solver::raise_hubs`]).
const HUB_MIN: usize = 16;
const HUB_SHARE: usize = 16;

/// Single vertices few enough for the stages: the fresh start tries no
/// further once it leaves fewer (see [`Solver::init`]).
const FEW_SINGLES: usize = 64;

/// The heaviest (doubled) edge weight of `v`, zero without edges.
fn heaviest_edge<W: Weight>(g: &Graph<W>, v: usize) -> W {
    let mut max = W::ZERO;
    g.edges(v, |_, w2| {
        if w2 > max {
            max = w2;
        }
    });
    max
}

/// `f` of every vertex `0..n`, in order. The fresh start's sweeps of all
/// edges are read-only and independent per vertex: on a large graph they
/// run on two threads (not on WebAssembly, which has none), one taking the
/// even vertices and the other the odd (the work, often only for the single
/// vertices, is then shared evenly), with the same result.
pub(super) fn per_vertex<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if !parallel(n) {
        return (0..n).map(f).collect();
    }
    std::thread::scope(|scope| {
        let odd = scope.spawn(|| (1..n).step_by(2).map(&f).collect::<Vec<T>>());
        let even: Vec<T> = (0..n).step_by(2).map(&f).collect();
        // An error is unreachable (`f` does not panic); the sequential result either way.
        let odd = odd
            .join()
            .unwrap_or_else(|_| (1..n).step_by(2).map(&f).collect());
        let mut out = Vec::with_capacity(n);
        let mut odd = odd.into_iter();
        for e in even {
            out.push(e);
            out.extend(odd.next());
        }
        out
    })
}

/// Whether [`per_vertex`] runs on two threads for a graph of `n` vertices.
fn parallel(n: usize) -> bool {
    const PARALLEL_FROM: usize = 1024;
    #[cfg(test)]
    if ONE_THREAD.with(|one| one.get()) {
        return false;
    }
    cfg!(not(target_arch = "wasm32"))
        && n >= PARALLEL_FROM
        && std::thread::available_parallelism().is_ok_and(|p| p.get() > 1)
}

#[cfg(test)]
thread_local! {
    /// Tests: the sweeps and greedy passes of this thread run as on one core.
    pub(super) static ONE_THREAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl<W: Weight> Solver<W> {
    /// Fresh start: vertex duals `d_v = max_w w(v, w)`, a greedy matching on
    /// tight edges, then raised duals for hubs
    /// ([`raise_hubs`](Self::raise_hubs)) and lowered duals for the vertices
    /// left single ([`lower_singles`](Self::lower_singles)), with a greedy
    /// matching on the edges that became tight.  When there are hubs, the
    /// start is also tried afresh without them
    /// ([`start_without_hubs`](Self::start_without_hubs)), and the one that
    /// leaves fewer single vertices is kept.
    ///
    /// Any dual-feasible start gives a maximum-weight matching; these steps
    /// only decide how many vertices the stages still have to match.  On the
    /// lexicographic weights of a pairing program they are what keeps a
    /// bracket of thousands of players from costing `n / 2` stages that each
    /// sweep the whole part already matched.
    pub(super) fn init(&mut self, g: &Graph<W>) {
        self.reset_structure();
        let n = self.n;
        let heaviest = per_vertex(n, |v| heaviest_edge(g, v));
        for (v, h) in heaviest.into_iter().enumerate() {
            self.dual[v] = h.halve();
        }
        // The greedy passes run from the last vertex down (here and when the
        // singles are lowered): on a pairing program's graph the last are the
        // lower half of a score group, whose tight edges lead only to the upper
        // half, while the upper half's lead to both halves; taken first, the
        // upper half would pair among itself and leave the lower half single.
        let order: Vec<usize> = (0..n).rev().collect();
        self.greedy_pass(g, &order);
        let hubs = self.raise_hubs(g);
        let left = self.lower_singles(g);
        if !hubs.is_empty() && left >= FEW_SINGLES {
            // Too many left for the stages: try again from the raised hubs
            // without them, and keep whichever leaves fewer single.
            let lowered = (self.mate[..n].to_vec(), self.dual[..n].to_vec());
            self.start_without_hubs(g, &hubs);
            self.raise_hubs(g);
            if self.lower_singles(g) > left {
                self.mate[..n].copy_from_slice(&lowered.0);
                self.dual[..n].copy_from_slice(&lowered.1);
            }
        }
        self.initialized = true;
    }

    /// Lowers the duals of the single vertices and matches them greedily
    /// along the edges that became tight: all together (see
    /// [`lower_singles_together`](Self::lower_singles_together)), again
    /// after raising the hubs that emerged while that halves the singles
    /// left, then each to the smallest feasible value.  Returns how many
    /// stay single with a positive dual (each a stage's work).
    fn lower_singles(&mut self, g: &Graph<W>) -> usize {
        const ROUNDS: usize = 3;
        let active = |this: &Self| {
            (0..this.n)
                .filter(|&v| this.mate[v] == NONE && !this.dual[v].is_zero())
                .count()
        };
        self.lower_singles_together(g);
        let mut before = active(self);
        for _ in 0..ROUNDS {
            if before < FEW_SINGLES || self.raise_hubs(g).is_empty() {
                break;
            }
            self.lower_singles_together(g);
            let now = active(self);
            if 2 * now > before {
                break;
            }
            before = now;
        }
        let mut left = 0;
        for v in 0..self.n {
            if self.mate[v] == NONE {
                self.dual[v] = self.needed_dual(g, v);
                self.greedy_match(g, v);
                if self.mate[v] == NONE && !self.dual[v].is_zero() {
                    left += 1;
                }
            }
        }
        left
    }

    /// Raises the dual of every *hub* to its heaviest edge (twice the
    /// weight, so that the hub alone covers all its edges), unmatching it.
    ///
    /// A hub is a vertex that holds up the duals of many single vertices:
    /// the edge to it is what keeps them from being lowered (for instance
    /// the one player of a higher score in a score group, whose pairing is
    /// worth more to everyone than any pairing within the group).  While it
    /// holds them up, the lowering that follows achieves nothing and the
    /// group stays single.  Raised, it costs one stage of its own later.
    /// When a few vertices hold a single equally (a small class of players
    /// whose pairs are worth more to everyone, such as those who floated
    /// down last round), each of them holds it, so the class is raised at
    /// once rather than one member per round.
    fn raise_hubs(&mut self, g: &Graph<W>) -> Vec<usize> {
        let n = self.n;
        let mut holds = vec![0usize; n];
        let singles = (0..n).filter(|&v| self.mate[v] == NONE).count();
        let few = (singles / HUB_SHARE).max(1);
        let holders = per_vertex(n, |v| {
            if self.mate[v] == NONE {
                self.binding_neighbours(g, v, few)
            } else {
                Vec::new()
            }
        });
        for h in holders.iter().flatten() {
            holds[*h as usize] += 1;
        }
        let threshold = (singles / HUB_SHARE).max(HUB_MIN);
        let hubs: Vec<usize> = (0..n).filter(|&h| holds[h] >= threshold).collect();
        for &h in &hubs {
            let m = self.mate[h];
            if m != NONE {
                self.mate[m as usize] = NONE;
                self.mate[h] = NONE;
            }
            self.dual[h] = heaviest_edge(g, h);
        }
        hubs
    }

    /// Starts afresh from the `hubs`, raised to cover their edges alone: the
    /// other vertices take as their dual their heaviest edge to a non-hub,
    /// and are matched greedily again.
    ///
    /// The duals the first greedy pass gave them came from their edges to
    /// the hubs (a higher-scored player is the heaviest edge of a whole
    /// score group), which no pairing within the group can make tight; from
    /// their own best edges within the group, the many equal ones are.
    fn start_without_hubs(&mut self, g: &Graph<W>, hubs: &[usize]) {
        let n = self.n;
        let mut hub = vec![false; n];
        for &h in hubs {
            hub[h] = true;
        }
        let heaviest = per_vertex(n, |v| {
            let mut max = W::ZERO;
            g.edges(v, |w, w2| {
                if (hub[v] || !hub[w as usize]) && w2 > max {
                    max = w2;
                }
            });
            max
        });
        for (v, max) in heaviest.into_iter().enumerate() {
            self.mate[v] = NONE;
            self.dual[v] = if hub[v] { max } else { max.halve() };
        }
        let order: Vec<usize> = (0..n).rev().filter(|&v| !hub[v]).collect();
        self.greedy_pass(g, &order);
    }

    /// Lowers every single vertex's dual halfway towards the smallest
    /// feasible value, all at once, then matches greedily along the edges
    /// that became tight.
    ///
    /// Lowering the singles one after another (the loop after this one)
    /// lets the first of them take the whole reduction: on a group of
    /// equal edges (a whole score group of a pairing program) its edges
    /// become tight, and every later vertex of the group is then held up by
    /// the lowered one, so the group stays single and the stages must pair
    /// it one vertex at a time, each stage sweeping the part already
    /// matched.  Meeting halfway keeps every edge feasible (each single's
    /// new dual is at least the mean of its old dual and its smallest
    /// feasible one, which covers an edge between two singles; and at least
    /// the smallest feasible one, which covers an edge to a matched vertex)
    /// and makes all the equal edges of a group tight at once.
    fn lower_singles_together(&mut self, g: &Graph<W>) {
        let needed = per_vertex(self.n, |v| {
            (self.mate[v] == NONE).then(|| self.needed_dual(g, v))
        });
        let targets: Vec<(usize, W)> = needed
            .into_iter()
            .enumerate()
            .filter_map(|(v, t)| t.map(|t| (v, t)))
            .collect();
        for &(v, t) in &targets {
            let d = self.dual[v];
            // `t <= d`: the current duals are feasible.
            self.dual[v] = d.sub_w(d.sub_w(t).halve());
        }
        let order: Vec<usize> = targets.iter().rev().map(|&(v, _)| v).collect();
        self.greedy_pass(g, &order);
    }

    /// [`greedy_match`](Self::greedy_match) of each vertex of `order` in
    /// turn, the duals fixed. Which edges are tight does not change during
    /// the pass, only who is single: each vertex's first tight edges to
    /// single vertices are looked up beforehand (on two threads on a large
    /// graph), then matched in order, the first still single taken; past
    /// those listed, the vertex's edges are searched again. The same
    /// matches as one vertex after another.
    pub(super) fn greedy_pass(&mut self, g: &Graph<W>, order: &[usize]) {
        const LISTED: usize = 4;
        // Fewer are matched faster one after another than by starting a thread.
        const FEW: usize = 256;
        if order.len() < FEW || !parallel(self.n) {
            for &v in order {
                self.greedy_match(g, v);
            }
            return;
        }
        let mut wanted = vec![false; self.n];
        for &v in order {
            wanted[v] = true;
        }
        let tight = per_vertex(self.n, |v| {
            let mut listed = Vec::new();
            let mut more = false;
            if wanted[v] && self.mate[v] == NONE {
                let dv = self.dual[v];
                g.edges_until(v, |w, w2| {
                    if self.tight_to_single(dv, w, w2) {
                        if listed.len() == LISTED {
                            more = true;
                            return true;
                        }
                        listed.push(w);
                    }
                    false
                });
            }
            (listed, more)
        });
        for &v in order {
            if self.mate[v] != NONE {
                continue;
            }
            let Some((listed, more)) = tight.get(v) else {
                continue;
            };
            match listed.iter().find(|&&w| self.mate[w as usize] == NONE) {
                Some(&w) => {
                    self.mate[v] = w;
                    self.mate[w as usize] = v as u32;
                }
                None if *more => self.greedy_match(g, v),
                None => {}
            }
        }
    }

    /// Matches single vertex `v` to the first single neighbour along a tight
    /// edge, if any.
    fn greedy_match(&mut self, g: &Graph<W>, v: usize) {
        if self.mate[v] != NONE {
            return;
        }
        let dv = self.dual[v];
        let mut found = NONE;
        g.edges_until(v, |w, w2| {
            let tight = self.tight_to_single(dv, w, w2);
            if tight {
                found = w;
            }
            tight
        });
        if found != NONE {
            self.mate[v] = found;
            self.mate[found as usize] = v as u32;
        }
    }

    /// Whether the edge of doubled weight `w2` from a vertex of dual `dv` to `w` is tight and `w`
    /// single.
    #[inline]
    fn tight_to_single(&self, dv: W, w: u32, w2: W) -> bool {
        self.mate[w as usize] == NONE && dv.add_w(self.dual[w as usize]) == w2
    }

    /// Smallest dual of trivial top-level vertex `v` that keeps all its edges
    /// feasible given the current duals of its neighbours.
    pub(super) fn needed_dual(&self, g: &Graph<W>, v: usize) -> W {
        let mut most = W::ZERO;
        g.edges(v, |w, w2| {
            let dw = self.dual[w as usize];
            if w2 > dw && w2.sub_w(dw) > most {
                most = w2.sub_w(dw);
            }
        });
        most
    }

    /// The neighbours of `v` whose edges need the most of `v`'s dual given
    /// their own: all of them when there are at most `few`, otherwise the
    /// first (a whole group of equals binds, not a class within it).
    fn binding_neighbours(&self, g: &Graph<W>, v: usize, few: usize) -> Vec<u32> {
        let mut most: Option<W> = None;
        let mut tied = Vec::new();
        g.edges(v, |w, w2| {
            let dw = self.dual[w as usize];
            if w2 > dw {
                let need = w2.sub_w(dw);
                if most.is_none_or(|m| need > m) {
                    most = Some(need);
                    tied.clear();
                    tied.push(w);
                } else if most == Some(need) && tied.len() <= few {
                    tied.push(w);
                }
            }
        });
        if tied.len() > few {
            tied.truncate(1);
        }
        tied
    }
}
