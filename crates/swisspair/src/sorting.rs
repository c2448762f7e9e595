//! Stable sorting with one copy of the standard library's sort in the program.
//!
//! `slice::sort_by_key` is compiled once per element type and key closure: the crate's three dozen
//! sorts (several inside the generic Dutch solver) made ~40 copies of it, a fifth of the WebAssembly
//! module. These functions sort a permutation of positions instead, with a comparison behind a
//! `dyn` pointer (one copy of the sort for all callers), then move the elements into place; short
//! slices are sorted in place by insertion. The result is the standard stable sort's: equal keys keep
//! their order.

use std::cmp::Ordering;

/// Sorts `items` by `key`, keeping the order of equal keys (as `slice::sort_by_key`).
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in ascending order (as `slice::sort`, and `slice::sort_unstable` for keys that are
/// equal only when they are the same).
pub(crate) fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts `items` by `compare`, keeping the order of equal elements (as `slice::sort_by`).
pub(crate) fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    sort_dyn(items, &mut compare);
}

/// Up to this many elements, insertion (no allocation, few comparisons).
const SHORT: usize = 16;

fn sort_dyn<T>(items: &mut [T], compare: &mut dyn FnMut(&T, &T) -> Ordering) {
    if items.len() <= SHORT {
        insertion(items, compare);
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    {
        let items: &[T] = items;
        let mut by_position = |&a: &usize, &b: &usize| match (items.get(a), items.get(b)) {
            (Some(x), Some(y)) => compare(x, y),
            _ => Ordering::Equal,
        };
        sort_positions(&mut order, &mut by_position);
    }
    permute(items, &mut order);
}

/// Stable insertion sort: each element moves left past the greater ones.
fn insertion<T>(items: &mut [T], compare: &mut dyn FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && compare(&items[j - 1], &items[j]) == Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts a list of positions (not generic: the one copy of the standard sort).
fn sort_positions(order: &mut [usize], compare: &mut dyn FnMut(&usize, &usize) -> Ordering) {
    order.sort_by(compare);
}

/// Rearranges `items` so that position `k` holds the element that was at `order[k]` (a permutation
/// of the positions), following each cycle once; `order` ends as the identity.
fn permute<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..order.len() {
        let mut current = start;
        while let Some(&from) = order.get(current) {
            if from == start {
                break;
            }
            items.swap(current, from);
            if let Some(slot) = order.get_mut(current) {
                *slot = current;
            }
            current = from;
        }
        if let Some(slot) = order.get_mut(current) {
            *slot = current;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_by_key(&mut v, |&(k, _)| k);
        assert_eq!(v, vec![(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }

    proptest! {
        #[test]
        fn same_as_the_standard_stable_sort(v in proptest::collection::vec((0u8..6, any::<u16>()), 0..80)) {
            let mut expected = v.clone();
            expected.sort_by_key(|&(k, _)| k);
            let mut ours = v.clone();
            sort_by_key(&mut ours, |&(k, _)| k);
            prop_assert_eq!(&ours, &expected);
            let mut plain = v.clone();
            let mut expected_plain = v.clone();
            expected_plain.sort_unstable();
            sort(&mut plain);
            prop_assert_eq!(plain, expected_plain);
            let mut descending = v;
            let mut expected_descending = descending.clone();
            expected_descending.sort_by(|a, b| b.cmp(a));
            sort_by(&mut descending, |a, b| b.cmp(a));
            prop_assert_eq!(descending, expected_descending);
        }
    }
}
