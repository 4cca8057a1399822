//! Flat-shaded convex solids written straight into a [`MeshData`]: every face has its own
//! vertices and one normal, wound counter-clockwise seen from outside (like the terrain's trees).
//! Each solid knows a point inside it and turns every face away from that point, so a mirroring
//! transform can never turn a solid inside out.

pub(crate) use crate::mesh::flat::shaded;
use crate::mesh::flat::{planar_quad, triangle, DEGENERATE_AREA};
use crate::mesh::MeshData;
use glam::{Mat4, Vec3};

/// Two halves of a quad whose normals agree this closely share its four vertices.
const PLANAR_COSINE: f32 = 0.9999;
/// Sides of a [`ball`]'s rings and its rings from pole to pole.
const BALL_SIDES: usize = 6;
const BALL_RINGS: usize = 4;

/// The corners of a unit cube centred on the origin, in [`hexahedron`] order.
const UNIT_CUBE: [[f32; 3]; 8] = [
    [-0.5, -0.5, -0.5],
    [0.5, -0.5, -0.5],
    [0.5, -0.5, 0.5],
    [-0.5, -0.5, 0.5],
    [-0.5, 0.5, -0.5],
    [0.5, 0.5, -0.5],
    [0.5, 0.5, 0.5],
    [-0.5, 0.5, 0.5],
];

/// One quad (corners in order around it) facing away from `inside`: four shared vertices when
/// it is planar, two separate triangles otherwise.
pub fn quad(mesh: &mut MeshData, corners: [Vec3; 4], inside: Vec3, colour: [u8; 4]) {
    let [a, b, c, d] = corners;
    let first_half = (b - a).cross(c - a);
    let second_half = (c - a).cross(d - a);
    let planar = first_half.length_squared() > DEGENERATE_AREA * DEGENERATE_AREA
        && second_half.length_squared() > DEGENERATE_AREA * DEGENERATE_AREA
        && first_half.normalize().dot(second_half.normalize()) > PLANAR_COSINE;
    if !planar {
        triangle(mesh, [a, b, c], inside, colour);
        triangle(mesh, [a, c, d], inside, colour);
        return;
    }
    let normal = (first_half + second_half).normalize();
    let centre = (a + b + c + d) / 4.0;
    planar_quad(mesh, corners, normal, centre - inside, colour);
}

/// A convex solid with six quad faces. Corners: the bottom face 0–3 then the top face 4–7,
/// each going (−x,−z), (+x,−z), (+x,+z), (−x,+z) in the solid's own sense.
pub fn hexahedron(mesh: &mut MeshData, corners: [Vec3; 8], colour: [u8; 4]) {
    let inside = corners.iter().copied().sum::<Vec3>() / 8.0;
    const FACES: [[usize; 4]; 6] = [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [0, 1, 5, 4],
        [1, 2, 6, 5],
        [2, 3, 7, 6],
        [3, 0, 4, 7],
    ];
    for face in FACES {
        quad(mesh, face.map(|k| corners[k]), inside, colour);
    }
}

/// The unit cube centred on the origin, transformed.
pub fn cuboid(mesh: &mut MeshData, transform: Mat4, colour: [u8; 4]) {
    let corners = UNIT_CUBE.map(|c| transform.transform_point3(Vec3::from(c)));
    hexahedron(mesh, corners, colour);
}

/// An axis-aligned box from its centre and full size.
pub fn block(mesh: &mut MeshData, centre: Vec3, size: Vec3, colour: [u8; 4]) {
    cuboid(
        mesh,
        Mat4::from_translation(centre) * Mat4::from_scale(size),
        colour,
    );
}

/// A square-section beam from `a` to `b`, `width` across (kept as horizontal as it can be) and
/// `thickness` in the remaining direction. Nothing is drawn if `a` and `b` coincide.
pub fn beam(mesh: &mut MeshData, a: Vec3, b: Vec3, width: f32, thickness: f32, colour: [u8; 4]) {
    let axis = b - a;
    if axis.length_squared() < DEGENERATE_AREA {
        return;
    }
    let along = axis.normalize();
    let hint = if along.y.abs() > 0.9 {
        Vec3::X
    } else {
        Vec3::Y
    };
    let across = hint.cross(along).normalize();
    let third = along.cross(across);
    let transform = Mat4::from_cols(
        (across * width).extend(0.0),
        axis.extend(0.0),
        (third * thickness).extend(0.0),
        ((a + b) * 0.5).extend(1.0),
    );
    cuboid(mesh, transform, colour);
}

/// Unit direction of corner `k` of a regular `sides`-gon in the xz plane.
fn ring_direction(k: usize, sides: usize) -> Vec3 {
    let angle = std::f32::consts::TAU * (k % sides) as f32 / sides as f32;
    Vec3::new(angle.cos(), 0.0, angle.sin())
}

/// A `sides`-sided prism of unit radius from y = 0 to y = 1 with both caps, transformed.
pub fn prism(mesh: &mut MeshData, transform: Mat4, sides: usize, colour: [u8; 4]) {
    frustum(mesh, transform, sides, 1.0, colour);
}

/// A prism whose top ring has radius `top` (the bottom one 1); `top` 0 makes a cone.
pub fn frustum(mesh: &mut MeshData, transform: Mat4, sides: usize, top: f32, colour: [u8; 4]) {
    let point = |v: Vec3| transform.transform_point3(v);
    let inside = point(Vec3::new(0.0, 0.4, 0.0));
    let bottom = |k: usize| point(ring_direction(k, sides));
    let upper = |k: usize| point(ring_direction(k, sides) * top + Vec3::Y);
    let (low_centre, high_centre) = (point(Vec3::ZERO), point(Vec3::Y));
    for k in 0..sides {
        triangle(mesh, [low_centre, bottom(k), bottom(k + 1)], inside, colour);
        if top > 0.0 {
            quad(
                mesh,
                [bottom(k), bottom(k + 1), upper(k + 1), upper(k)],
                inside,
                colour,
            );
            triangle(mesh, [high_centre, upper(k), upper(k + 1)], inside, colour);
        } else {
            triangle(
                mesh,
                [bottom(k), bottom(k + 1), high_centre],
                inside,
                colour,
            );
        }
    }
}

/// A cone of unit radius from y = 0 to its apex at y = 1, with its base, transformed.
pub fn cone(mesh: &mut MeshData, transform: Mat4, sides: usize, colour: [u8; 4]) {
    frustum(mesh, transform, sides, 0.0, colour);
}

/// A low-poly ball of unit radius centred on the origin, transformed.
pub fn ball(mesh: &mut MeshData, transform: Mat4, colour: [u8; 4]) {
    let inside = transform.transform_point3(Vec3::ZERO);
    let point = |ring: usize, k: usize| {
        let polar = std::f32::consts::PI * ring as f32 / BALL_RINGS as f32;
        let (sin, cos) = polar.sin_cos();
        let dir = ring_direction(k, BALL_SIDES) * sin + Vec3::Y * cos;
        transform.transform_point3(dir)
    };
    for ring in 0..BALL_RINGS {
        for k in 0..BALL_SIDES {
            let corners = [
                point(ring, k),
                point(ring, k + 1),
                point(ring + 1, k + 1),
                point(ring + 1, k),
            ];
            if ring == 0 {
                triangle(mesh, [corners[0], corners[2], corners[3]], inside, colour);
            } else if ring == BALL_RINGS - 1 {
                triangle(mesh, [corners[0], corners[1], corners[2]], inside, colour);
            } else {
                quad(mesh, corners, inside, colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::signed_volume;

    #[test]
    fn unit_cube_encloses_its_volume_even_when_mirrored() {
        for transform in [Mat4::IDENTITY, Mat4::from_scale(Vec3::new(-1.0, 1.0, 1.0))] {
            let mut mesh = MeshData::default();
            cuboid(&mut mesh, transform, [255; 4]);
            assert_eq!(mesh.indices.len(), 36);
            assert!((signed_volume(&mesh) - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn solids_face_outward() {
        let mut shapes: Vec<MeshData> = Vec::new();
        let scale = Mat4::from_scale(Vec3::new(0.5, 2.0, 0.5));
        let mut mesh = MeshData::default();
        prism(&mut mesh, scale, 8, [255; 4]);
        shapes.push(mesh);
        let mut mesh = MeshData::default();
        cone(&mut mesh, scale, 6, [255; 4]);
        shapes.push(mesh);
        let mut mesh = MeshData::default();
        ball(&mut mesh, scale, [255; 4]);
        shapes.push(mesh);
        let mut mesh = MeshData::default();
        beam(
            &mut mesh,
            Vec3::ZERO,
            Vec3::new(0.3, 1.0, -0.4),
            0.1,
            0.2,
            [255; 4],
        );
        shapes.push(mesh);
        for mesh in shapes {
            assert!(signed_volume(&mesh) > 0.0);
        }
    }

    #[test]
    fn beam_has_its_length() {
        let mut mesh = MeshData::default();
        let (a, b) = (Vec3::new(1.0, 0.0, 0.0), Vec3::new(1.0, 3.0, 4.0));
        beam(&mut mesh, a, b, 0.1, 0.1, [255; 4]);
        let volume = signed_volume(&mesh);
        assert!((volume - 5.0 * 0.01).abs() < 1e-4, "volume {volume}");
    }
}
