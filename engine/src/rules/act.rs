//! The one door from card effects into the rules (ARCHITECTURE.md, invariant 11). An effect
//! reads a unit through `stats`, the characteristics layer, and changes the game through a
//! rule only by the actions named here — deploying, destroying, drawing, firing a volley,
//! moving and launching units, settling capacity and garrisons, preventing wounds, ending an
//! engagement — so the effects layer stays one layer however it grows, and a reader sees in
//! one list every rule a card's text can set going.

pub(crate) use super::boarding::check_garrisons;
pub(crate) use super::engagement::{end as end_engagement, fights_for};
pub(crate) use super::logistics::draw;
pub(crate) use super::manufacturing::{
    card_resolved, carry_out, check as check_deployment, deployable, each_way, enforce_capacity,
    plans, reassign_misfit, Context, Plan, Way,
};
pub(crate) use super::prevention::{log as log_prevented, prevent, span_ended};
/// An activated ability has resolved: the others may answer it (I-58, I-93).
pub(crate) use super::respond::after_card as answered;
pub(crate) use super::traits::{launch_all, launch_from};
pub(crate) use super::volley::{destroy, volley};
