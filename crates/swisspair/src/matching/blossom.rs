//! Blossom operations of the solver: enumerating, creating, expanding and
//! rotating blossoms, and augmenting along alternating trees.
//!
//! A blossom is an odd cycle of sub-blossoms `childs[0..k]` (cycle order,
//! the child containing the base first) joined by tight edges
//! `bedges[i] = (x, y)`, `x` in `childs[i]`, `y` in `childs[i + 1]`; the
//! edges at odd positions are matched.  All operations are iterative (no
//! recursion), so deeply nested blossoms cannot overflow the stack.

use super::graph::Graph;
use super::solver::{improves, Solver, CRUMB, FREE, NONE, S, T};
use super::weight::Weight;

impl<W: Weight> Solver<W> {
    /// Appends the vertices of node `b` to `out`.
    pub(super) fn collect_leaves(&self, b: u32, out: &mut Vec<u32>) {
        let start = out.len();
        out.push(b);
        let mut i = start;
        while i < out.len() {
            let x = out[i];
            if self.is_blossom(x) {
                out.swap_remove(i);
                out.extend_from_slice(&self.childs[self.slot(x)]);
            } else {
                i += 1;
            }
        }
    }

    /// Makes node `b` the top-level blossom of all its vertices.
    fn set_top(&mut self, b: u32) {
        if !self.is_blossom(b) {
            self.inblossom[b as usize] = b;
            return;
        }
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        leaves.clear();
        self.collect_leaves(b, &mut leaves);
        for &x in &leaves {
            self.inblossom[x as usize] = b;
        }
        self.leaves_buf = leaves;
    }

    /// Releases blossom node `b` (its children must already be detached).
    pub(super) fn recycle(&mut self, b: u32) {
        let s = self.slot(b);
        let bi = b as usize;
        self.childs[s].clear();
        self.bedges[s].clear();
        self.blists[s].clear();
        self.has_list[s] = false;
        self.label[bi] = FREE;
        self.lab_from[bi] = NONE;
        self.lab_to[bi] = NONE;
        self.best_from[bi] = NONE;
        self.parent[bi] = NONE;
        self.base[bi] = NONE;
        self.dual[bi] = W::ZERO;
        self.free_slots.push(s as u32);
    }

    /// Rotates the matching inside blossom `b` (and recursively inside its
    /// sub-blossoms) so that vertex `v` becomes its base.  The mate of `v`
    /// itself is left to the caller.
    pub(super) fn augment_blossom(&mut self, b: u32, v: u32) {
        let mut stack = std::mem::take(&mut self.stack_buf);
        stack.clear();
        stack.push((b, v));
        while let Some((b, v)) = stack.pop() {
            let mut t = v;
            while self.parent[t as usize] != b {
                t = self.parent[t as usize];
            }
            if self.is_blossom(t) {
                stack.push((t, v));
            }
            let s = self.slot(b);
            let k = self.childs[s].len();
            let i = self.childs[s].iter().position(|&c| c == t).unwrap_or(0);
            let mut j = i;
            if i & 1 == 1 {
                // Forward around the cycle: pairs (j+1, j+2) via edge j+1.
                while j != 0 {
                    let (x, y) = self.bedges[s][j + 1];
                    let t1 = self.childs[s][j + 1];
                    let t2 = self.childs[s][(j + 2) % k];
                    if self.is_blossom(t1) {
                        stack.push((t1, x));
                    }
                    if self.is_blossom(t2) {
                        stack.push((t2, y));
                    }
                    self.mate[x as usize] = y;
                    self.mate[y as usize] = x;
                    j = (j + 2) % k;
                }
            } else {
                // Backward: pairs (j-1, j-2) via edge j-2.
                while j != 0 {
                    let (x, y) = self.bedges[s][j - 2];
                    let t1 = self.childs[s][j - 1];
                    let t2 = self.childs[s][j - 2];
                    if self.is_blossom(t1) {
                        stack.push((t1, y));
                    }
                    if self.is_blossom(t2) {
                        stack.push((t2, x));
                    }
                    self.mate[x as usize] = y;
                    self.mate[y as usize] = x;
                    j -= 2;
                }
            }
            self.childs[s].rotate_left(i);
            self.bedges[s].rotate_left(i);
            self.base[b as usize] = v;
        }
        self.stack_buf = stack;
    }

    /// Traces back from `v` and `w` alternately to find the base of the
    /// blossom they close, or `NONE` if they lie in different trees.
    pub(super) fn scan_blossom(&mut self, v: u32, w: u32) -> u32 {
        let mut path = std::mem::take(&mut self.path_buf);
        path.clear();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE {
            let b = self.inblossom[v as usize];
            if self.label[b as usize] & CRUMB != 0 {
                base = self.base[b as usize];
                break;
            }
            path.push(b);
            self.label[b as usize] = S | CRUMB;
            let t = self.lab_from[b as usize];
            if t == NONE {
                v = NONE;
            } else {
                let bt = self.inblossom[t as usize];
                v = self.lab_from[bt as usize];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.label[b as usize] = S;
        }
        self.path_buf = path;
        base
    }

    /// Builds a new S-blossom from the tree paths of `v` and `w` (joined by
    /// the tight edge `(v, w)`) down to their common base.
    pub(super) fn add_blossom(&mut self, g: &Graph<W>, base: u32, v: u32, w: u32) {
        let Some(s) = self.free_slots.pop() else {
            // Cannot happen: fewer than n/2 blossoms exist at any time.
            return;
        };
        let s = s as usize;
        let b = (self.cap + s) as u32;
        let bb = self.inblossom[base as usize];
        let mut bv = self.inblossom[v as usize];
        let mut bw = self.inblossom[w as usize];
        self.base[b as usize] = base;
        self.parent[b as usize] = NONE;
        self.parent[bb as usize] = b;
        let mut ch = std::mem::take(&mut self.childs[s]);
        let mut ed = std::mem::take(&mut self.bedges[s]);
        ch.clear();
        ed.clear();
        while bv != bb {
            self.parent[bv as usize] = b;
            ch.push(bv);
            let from = self.lab_from[bv as usize];
            ed.push((from, self.lab_to[bv as usize]));
            bv = self.inblossom[from as usize];
        }
        ch.push(bb);
        ch.reverse();
        ed.reverse();
        ed.push((v, w));
        while bw != bb {
            self.parent[bw as usize] = b;
            ch.push(bw);
            let from = self.lab_from[bw as usize];
            ed.push((self.lab_to[bw as usize], from));
            bw = self.inblossom[from as usize];
        }
        self.childs[s] = ch;
        self.bedges[s] = ed;
        let bi = b as usize;
        self.label[bi] = S;
        self.lab_from[bi] = self.lab_from[bb as usize];
        self.lab_to[bi] = self.lab_to[bb as usize];
        self.dual[bi] = W::ZERO;
        self.best_from[bi] = NONE;

        // Relabel: former T-vertices become S and must be scanned.
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        leaves.clear();
        self.collect_leaves(b, &mut leaves);
        for &x in &leaves {
            if self.label[self.inblossom[x as usize] as usize] == T {
                self.queue.push(x);
            }
            self.inblossom[x as usize] = b;
        }
        self.leaves_buf = leaves;

        // Least-slack edges from the new blossom to every other S-blossom.
        self.touched.clear();
        let nchildren = self.childs[s].len();
        for idx in 0..nchildren {
            let c = self.childs[s][idx];
            if self.is_blossom(c) && self.has_list[self.slot(c)] {
                let cs = self.slot(c);
                let list = std::mem::take(&mut self.blists[cs]);
                for &(i, j, w2) in &list {
                    self.consider_best(b, i, j, w2);
                }
                self.blists[cs] = list;
                self.blists[cs].clear();
                self.has_list[cs] = false;
            } else {
                let mut leaves = std::mem::take(&mut self.leaves_buf);
                leaves.clear();
                self.collect_leaves(c, &mut leaves);
                for &x in &leaves {
                    g.edges(x as usize, |y, w2| self.consider_best(b, x, y, w2));
                }
                self.leaves_buf = leaves;
            }
            self.best_from[c as usize] = NONE;
        }
        let mut list = std::mem::take(&mut self.blists[s]);
        list.clear();
        let mut best: Option<(W, (u32, u32))> = None;
        for idx in 0..self.touched.len() {
            let bj = self.touched[idx] as usize;
            let (i, j, w2) = self.bestto[bj];
            let sl = self.bestto_slack[bj];
            list.push((i, j, w2));
            if improves(&best, &sl) {
                best = Some((sl, (i, j)));
            }
            self.bestto[bj] = (NONE, NONE, W::ZERO);
        }
        self.touched.clear();
        self.blists[s] = list;
        self.has_list[s] = true;
        if let Some((sl, (i, j))) = best {
            self.best_from[bi] = i;
            self.best_to[bi] = j;
            self.best_slack[bi] = sl;
        }
    }

    /// Candidate edge `(i, j)` (doubled weight `w2`) leaving new blossom `b`.
    #[inline(always)]
    fn consider_best(&mut self, b: u32, i: u32, j: u32, w2: W) {
        let bj = self.inblossom[j as usize];
        if bj == b || self.label[bj as usize] != S {
            return;
        }
        let bji = bj as usize;
        let slack = self.dual[i as usize].add_w(self.dual[j as usize]).sub_w(w2);
        if self.bestto[bji].0 == NONE {
            self.touched.push(bj);
            self.bestto[bji] = (i, j, w2);
            self.bestto_slack[bji] = slack;
        } else if slack < self.bestto_slack[bji] {
            self.bestto[bji] = (i, j, w2);
            self.bestto_slack[bji] = slack;
        }
    }

    /// Expands blossom `b`.  Mid-stage (`endstage == false`) `b` is a
    /// T-blossom whose dual reached zero and its children are relabeled;
    /// at the end of a stage children with zero dual are expanded
    /// recursively.
    pub(super) fn expand(&mut self, b: u32, endstage: bool) {
        let mut work = std::mem::take(&mut self.work_buf);
        work.clear();
        work.push(b);
        let mut first = true;
        while let Some(b) = work.pop() {
            let s = self.slot(b);
            for idx in 0..self.childs[s].len() {
                let c = self.childs[s][idx];
                self.parent[c as usize] = NONE;
                if !self.is_blossom(c) {
                    self.inblossom[c as usize] = c;
                } else if endstage && self.dual[c as usize].is_zero() {
                    work.push(c);
                } else {
                    self.set_top(c);
                }
            }
            if first && !endstage && self.label[b as usize] == T {
                self.relabel_expanded(b);
            }
            first = false;
            self.recycle(b);
        }
        self.work_buf = work;
    }

    /// After expanding T-blossom `b` mid-stage: relabel the children on the
    /// even path from the entry child to the base child (T, S, T, ..., T) and
    /// label the remaining children as reached by their own edges.
    fn relabel_expanded(&mut self, b: u32) {
        let s = self.slot(b);
        let k = self.childs[s].len();
        let entry_vertex = self.lab_to[b as usize];
        let entry = self.inblossom[entry_vertex as usize];
        let j0 = self.childs[s].iter().position(|&c| c == entry).unwrap_or(0);
        let forward = j0 & 1 == 1;
        let mut from = self.lab_from[b as usize];
        let mut to = entry_vertex;
        let mut j = j0;
        while j != 0 {
            let sbase = if forward {
                self.bedges[s][j].1
            } else {
                self.bedges[s][j - 1].0
            };
            self.label[to as usize] = FREE;
            self.label[sbase as usize] = FREE;
            self.assign_label(to, T, from);
            if forward {
                let (x, y) = self.bedges[s][j + 1];
                from = x;
                to = y;
                j = (j + 2) % k;
            } else {
                let (x, y) = self.bedges[s][j - 2];
                from = y;
                to = x;
                j -= 2;
            }
        }
        // The base child: T-label without propagating to its (outer) mate.
        let bv = self.childs[s][0] as usize;
        let ti = to as usize;
        self.label[ti] = T;
        self.label[bv] = T;
        self.lab_from[ti] = from;
        self.lab_from[bv] = from;
        self.lab_to[ti] = to;
        self.lab_to[bv] = to;
        self.best_from[bv] = NONE;
        // The other side of the cycle, back to the entry child.
        let step = |j: usize| {
            if forward {
                (j + 1) % k
            } else {
                (j + k - 1) % k
            }
        };
        let mut j = step(0);
        while self.childs[s][j] != entry {
            let c = self.childs[s][j];
            j = step(j);
            if self.label[c as usize] == S {
                continue;
            }
            let mut leaves = std::mem::take(&mut self.leaves_buf);
            leaves.clear();
            self.collect_leaves(c, &mut leaves);
            let reached = leaves
                .iter()
                .copied()
                .find(|&x| self.label[x as usize] != FREE);
            self.leaves_buf = leaves;
            if let Some(x) = reached {
                let m = self.mate[self.base[c as usize] as usize];
                self.label[x as usize] = FREE;
                if m != NONE {
                    self.label[m as usize] = FREE;
                }
                let from = self.lab_from[x as usize];
                self.assign_label(x, T, from);
            }
        }
    }

    /// Augments along the tree path from S-vertex `s` to its root, giving
    /// `s` the new mate `p` (`NONE`: `s` becomes single; used when its dual
    /// reached zero).
    pub(super) fn augment_from(&mut self, s: u32, p: u32) {
        if s == NONE {
            return;
        }
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.inblossom[s as usize];
            if self.is_blossom(bs) {
                self.augment_blossom(bs, s);
            }
            self.mate[s as usize] = p;
            let t = self.lab_from[bs as usize];
            if t == NONE {
                break;
            }
            let bt = self.inblossom[t as usize];
            let next = self.lab_from[bt as usize];
            let j = self.lab_to[bt as usize];
            if self.is_blossom(bt) {
                self.augment_blossom(bt, j);
            }
            self.mate[j as usize] = next;
            s = next;
            p = j;
        }
    }

    /// Augments along the path through the tight edge `(v, w)`.
    pub(super) fn augment(&mut self, v: u32, w: u32) {
        self.augment_from(v, w);
        self.augment_from(w, v);
    }
}
