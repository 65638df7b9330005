//! Which kinds of card modifier a characteristics read wants (`effects::for_each_modifier`),
//! as one bit per kind, so a game can say with one test that no static it prints is of a kind
//! a read wants (issue #15).

use crate::ir::effect::{CardModifier, Stat};
use crate::ir::TraitName;

/// The bits: the five stats from 0, then income, then each trait gained, then each trait
/// lost, then the five combat modifiers.
const STATS: u32 = 5;
const INCOME: u32 = STATS;
const GAINED: u32 = INCOME + 1;
const LOST: u32 = GAINED + TraitName::ALL.len() as u32;
const COMBAT: u32 = LOST + TraitName::ALL.len() as u32;

// Every kind has a bit of its own.
const _: () = assert!(COMBAT + 9 <= u64::BITS);
/// The bit of a bonus against a kind of target (`Static::Against`, I-97): no card modifier.
const AGAINST: u32 = COMBAT + 5;

/// Which card modifiers a read wants, one bit per kind: each stat, income, each trait gained
/// and lost, and each combat modifier, whatever its amount. A game keeps the union of the
/// kinds the statics of its cards in play print (`Game::statics_in_play_kinds`), so a read
/// that wants none of them visits no static at all, with one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Wanted(u64);

impl Wanted {
    pub(crate) const ALL: Wanted = Wanted(u64::MAX);
    pub(crate) const INCOME: Wanted = Wanted(1 << INCOME);
    pub(crate) const ROLL_BONUS: Wanted = Wanted(1 << COMBAT);
    pub(crate) const EXTRA_DICE: Wanted = Wanted(1 << (COMBAT + 1));
    pub(crate) const EXTRA_VOLLEYS: Wanted = Wanted(1 << (COMBAT + 2));
    pub(crate) const REROLLS: Wanted = Wanted(1 << (COMBAT + 3));
    pub(crate) const PREVENT_WOUNDS: Wanted = Wanted(1 << (COMBAT + 4));
    /// A bonus against a kind of target (I-97), of any kind.
    pub(crate) const AGAINST: Wanted = Wanted(1 << AGAINST);
    /// Taunt and decoy (I-98).
    pub(crate) const TAUNT: Wanted = Wanted(1 << (AGAINST + 1));
    pub(crate) const DECOY: Wanted = Wanted(1 << (AGAINST + 2));
    /// The optional re-roll (I-91).
    pub(crate) const MAY_REROLL: Wanted = Wanted(1 << (AGAINST + 3));

    /// `+N`/`-N` to `stat`.
    pub(crate) const fn stat(stat: Stat) -> Wanted {
        Wanted(1 << stat as u32)
    }

    /// Every stat.
    pub(crate) const fn stats() -> Wanted {
        Wanted((1 << STATS) - 1)
    }

    /// `name` gained or lost.
    pub(crate) const fn trait_gained_or_lost(name: TraitName) -> Wanted {
        Wanted((1 << (GAINED + name as u32)) | (1 << (LOST + name as u32)))
    }

    pub(crate) const fn or(self, other: Wanted) -> Wanted {
        Wanted(self.0 | other.0)
    }

    /// The bit of `m`'s kind.
    pub(crate) fn of(m: &CardModifier) -> Wanted {
        match m {
            CardModifier::Stat { stat, .. } => Wanted::stat(*stat),
            CardModifier::Income { .. } => Wanted::INCOME,
            CardModifier::GainTrait(t) => Wanted(1 << (GAINED + t.name() as u32)),
            CardModifier::LoseTrait(n) => Wanted(1 << (LOST + *n as u32)),
            CardModifier::RollBonus(_) => Wanted::ROLL_BONUS,
            CardModifier::ExtraDice(_) => Wanted::EXTRA_DICE,
            CardModifier::ExtraVolleys(_) => Wanted::EXTRA_VOLLEYS,
            CardModifier::Rerolls(_) => Wanted::REROLLS,
            CardModifier::PreventWounds { .. } => Wanted::PREVENT_WOUNDS,
            CardModifier::Taunt { .. } => Wanted::TAUNT,
            CardModifier::Decoy => Wanted::DECOY,
            CardModifier::MayReroll => Wanted::MAY_REROLL,
        }
    }

    /// The kinds of every card modifier `card`'s statics print (§9.22).
    pub(crate) fn printed_by(card: &crate::ir::Card) -> Wanted {
        use crate::ir::effect::{Ability, Static};
        card.abilities
            .iter()
            .fold(Wanted::default(), |k, a| match a {
                Ability::Static(Static::Cards { modifier, .. }) => k.or(Wanted::of(modifier)),
                Ability::Static(Static::Against { .. }) => k.or(Wanted::AGAINST),
                _ => k,
            })
    }

    /// Whether `m` is of a kind this read wants.
    pub(crate) fn wants(self, m: &CardModifier) -> bool {
        self.meets(Wanted::of(m))
    }

    /// Whether any kind is wanted by both.
    pub(crate) fn meets(self, other: Wanted) -> bool {
        self.0 & other.0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::Wanted;
    use crate::ir::effect::{AmountChange, CardModifier, Span, Stat};
    use crate::ir::{Amount, Trait, TraitName};

    const INCOME: CardModifier = CardModifier::Income {
        change: AmountChange {
            amount: Amount::ZERO,
            more: true,
        },
    };

    /// Each kind reads as itself and no other: a read asking for one kind never visits another.
    #[test]
    fn each_kind_has_its_own_bit() {
        let mut kinds = vec![
            INCOME,
            CardModifier::RollBonus(1),
            CardModifier::ExtraDice(1),
            CardModifier::ExtraVolleys(1),
            CardModifier::Rerolls(1),
            CardModifier::PreventWounds {
                count: 1,
                each: Span::Round,
            },
            CardModifier::Taunt { units: false },
            CardModifier::Decoy,
            CardModifier::MayReroll,
        ];
        for stat in [
            Stat::Attack,
            Stat::Defense,
            Stat::Wounds,
            Stat::MarineCapacity,
            Stat::WingCapacity,
        ] {
            kinds.push(CardModifier::Stat { stat, delta: 1 });
        }
        for name in TraitName::ALL {
            kinds.push(CardModifier::LoseTrait(name));
        }
        kinds.push(CardModifier::GainTrait(Trait::Stealth));
        kinds.push(CardModifier::GainTrait(Trait::Interceptor(2)));
        for (i, a) in kinds.iter().enumerate() {
            for (j, b) in kinds.iter().enumerate() {
                assert_eq!(
                    Wanted::of(a).meets(Wanted::of(b)),
                    i == j,
                    "{a:?} and {b:?}"
                );
            }
        }
        // The trait a read asks for, gained or lost, and no other trait.
        let stealth = Wanted::trait_gained_or_lost(TraitName::Stealth);
        assert!(stealth.wants(&CardModifier::GainTrait(Trait::Stealth)));
        assert!(stealth.wants(&CardModifier::LoseTrait(TraitName::Stealth)));
        assert!(!stealth.wants(&CardModifier::GainTrait(Trait::Interceptor(1))));
        assert!(!stealth.wants(&CardModifier::LoseTrait(TraitName::Hunter)));
        assert!(Wanted::stats().wants(&CardModifier::Stat {
            stat: Stat::WingCapacity,
            delta: -1
        }));
        assert!(!Wanted::stats().wants(&INCOME));
    }
}
