//! Blossom operations of the solver: enumerating, creating, expanding and
//! rotating blossoms, and augmenting along alternating trees.
//!
//! A blossom is an odd cycle of sub-blossoms `childs[0..k]` (cycle order,
//! the child containing the base first) joined by tight edges
//! `bedges[i] = (x, y)`, `x` in `childs[i]`, `y` in `childs[i + 1]`; the
//! edges at odd positions are matched.  All operations are iterative (no
//! recursion), so deeply nested blossoms cannot overflow the stack.

use super::solver::{Solver, CRUMB, FREE, NONE, S, SKIP, T, TRACK};
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
        self.label[bi] = FREE;
        self.lab_from[bi] = NONE;
        self.lab_to[bi] = NONE;
        self.parent[bi] = NONE;
        self.base[bi] = NONE;
        self.size[bi] = 0;
        self.dual[bi] = W::ZERO;
        self.members_stage[s] = 0;
        self.free_slots.push(s as u32);
    }

    /// Rotates the matching inside blossom `b` (and recursively inside its
    /// sub-blossoms) so that vertex `v` becomes its base.  The mate of `v`
    /// itself is left to the caller.
    ///
    /// Each blossom is handled once: the chain of blossoms between `b` and
    /// a vertex is walked once for all its levels, so deep nestings cost
    /// linear time.
    pub(super) fn augment_blossom(&mut self, b: u32, v: u32) {
        let mut stack = std::mem::take(&mut self.stack_buf);
        let mut chain = std::mem::take(&mut self.work_buf);
        stack.clear();
        stack.push((b, v));
        while let Some((top, v)) = stack.pop() {
            // The sub-blossoms of `top` containing `v`, innermost first.
            chain.clear();
            let mut t = v;
            while t != top {
                chain.push(t);
                t = self.parent[t as usize];
            }
            let mut b = top;
            while let Some(t) = chain.pop() {
                self.rotate(b, t, &mut stack);
                self.base[b as usize] = v;
                b = t;
            }
        }
        self.work_buf = chain;
        self.stack_buf = stack;
    }

    /// One level of [`augment_blossom`](Self::augment_blossom): rematches
    /// the cycle of blossom `b` so that its child `t` becomes the base
    /// child; other sub-blossoms to rotate are pushed on `stack`.
    fn rotate(&mut self, b: u32, t: u32, stack: &mut Vec<(u32, u32)>) {
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
    ///
    /// The new blossom takes over the node of its largest S-child (which
    /// moves to the fresh node), so only the vertices of the other children
    /// change their top-level node.
    pub(super) fn add_blossom(&mut self, base: u32, v: u32, w: u32) {
        let Some(s) = self.free_slots.pop() else {
            // Cannot happen: fewer than n/2 blossoms exist at any time.
            return;
        };
        let fresh = (self.cap + s as usize) as u32;
        let bb = self.inblossom[base as usize];
        let mut bv = self.inblossom[v as usize];
        let mut bw = self.inblossom[w as usize];
        let mut ch = std::mem::take(&mut self.work_buf);
        let mut ed = std::mem::take(&mut self.edge_buf);
        ch.clear();
        ed.clear();
        while bv != bb {
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
            ch.push(bw);
            let from = self.lab_from[bw as usize];
            ed.push((self.lab_to[bw as usize], from));
            bw = self.inblossom[from as usize];
        }
        let (lab_from, lab_to) = (self.lab_from[bb as usize], self.lab_to[bb as usize]);
        // The node of the new blossom: that of the largest S-child, if it is
        // a blossom, else the fresh one.
        let mut big = NONE;
        let mut total = 0u32;
        for &c in &ch {
            let size = self.size[c as usize];
            total += size;
            if self.is_blossom(c)
                && self.label[c as usize] == S
                && (big == NONE || size > self.size[big as usize])
            {
                big = c;
            }
        }
        let b = if big != NONE {
            self.move_node(big, fresh);
            for c in ch.iter_mut() {
                if *c == big {
                    *c = fresh;
                }
            }
            big
        } else {
            fresh
        };
        let bi = b as usize;
        let slot = self.slot(b);
        for &c in &ch {
            self.parent[c as usize] = b;
        }
        if big == NONE || !self.members_valid(b) {
            // A fresh node (or, defensively, one without members): start
            // empty and let every child add its vertices.
            self.members_start(b);
            if big != NONE {
                let mut leaves = std::mem::take(&mut self.leaves_buf);
                leaves.clear();
                self.collect_leaves(fresh, &mut leaves);
                self.members_add(b, &leaves);
                self.leaves_buf = leaves;
            }
        }
        self.base[bi] = base;
        self.parent[bi] = NONE;
        self.size[bi] = total;
        self.dual[bi] = W::ZERO;
        self.label[bi] = S;
        self.lab_from[bi] = lab_from;
        self.lab_to[bi] = lab_to;
        self.tree_add(b);

        // The other children's vertices join; former T-vertices become S and
        // must be scanned.
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        for &c in &ch {
            if big != NONE && c == fresh {
                continue;
            }
            let was_t = self.label[c as usize] == T;
            leaves.clear();
            self.collect_leaves(c, &mut leaves);
            for &x in &leaves {
                self.inblossom[x as usize] = b;
            }
            if was_t {
                for &x in &leaves {
                    self.set_code(x, SKIP);
                }
                self.queue.extend_from_slice(&leaves);
            }
            if self.is_blossom(c) && self.members_valid(c) {
                let (from, into) = (self.slot(c), slot);
                let (a, bset) = if from < into {
                    let (lo, hi) = self.members.split_at_mut(into);
                    (&lo[from], &mut hi[0])
                } else {
                    let (lo, hi) = self.members.split_at_mut(from);
                    (&hi[0], &mut lo[into])
                };
                for (x, y) in bset.iter_mut().zip(a) {
                    *x |= *y;
                }
            } else {
                self.members_add(b, &leaves);
            }
        }
        self.leaves_buf = leaves;

        let old_ch = std::mem::replace(&mut self.childs[slot], ch);
        let old_ed = std::mem::replace(&mut self.bedges[slot], ed);
        self.work_buf = old_ch;
        self.edge_buf = old_ed;
    }

    /// Moves blossom node `from` (top-level) to the unused node `to`:
    /// children, edges, dual, base, size and labels.  The vertices keep
    /// `from` as their top-level node (the caller reuses it).
    fn move_node(&mut self, from: u32, to: u32) {
        let (fs, ts) = (self.slot(from), self.slot(to));
        let (fi, ti) = (from as usize, to as usize);
        let children = std::mem::take(&mut self.childs[fs]);
        for &c in &children {
            self.parent[c as usize] = to;
        }
        let spare = std::mem::replace(&mut self.childs[ts], children);
        self.childs[fs] = spare;
        let edges = std::mem::take(&mut self.bedges[fs]);
        let spare = std::mem::replace(&mut self.bedges[ts], edges);
        self.bedges[fs] = spare;
        // The edge list stays with the node `from`, which the caller reuses.
        self.dual[ti] = self.dual[fi];
        self.base[ti] = self.base[fi];
        self.size[ti] = self.size[fi];
        self.label[ti] = self.label[fi];
        self.lab_from[ti] = self.lab_from[fi];
        self.lab_to[ti] = self.lab_to[fi];
        // The moved node is no longer top-level: no member bitset.
        self.members_stage[ts] = 0;
    }

    /// Expands blossom `b`.  Mid-stage (`endstage == false`) `b` is a
    /// T-blossom whose dual reached zero and its children are relabeled;
    /// at the end of a stage children with zero dual are expanded
    /// recursively.
    pub(super) fn expand(&mut self, b: u32, endstage: bool) {
        let mut work = std::mem::take(&mut self.expand_buf);
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
                // Children left free: their vertices' best edges count again.
                let s = self.slot(b);
                let mut leaves = std::mem::take(&mut self.leaves_buf);
                for idx in 0..self.childs[s].len() {
                    let c = self.childs[s][idx];
                    if self.label[c as usize] == FREE {
                        leaves.clear();
                        self.collect_leaves(c, &mut leaves);
                        for &x in &leaves {
                            if self.code[x as usize] == TRACK {
                                self.offer_free(x);
                            }
                        }
                    }
                }
                self.leaves_buf = leaves;
            }
            first = false;
            self.recycle(b);
        }
        self.expand_buf = work;
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
        self.set_code(to, SKIP);
        self.clear_best(to);
        self.tree_add(bv as u32);
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
